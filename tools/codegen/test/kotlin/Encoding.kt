// Stand-in: the generated file star-imports kotlinx.serialization.encoding.
package kotlinx.serialization.encoding

interface Encoder
