// Stand-in: the generated file star-imports kotlinx.serialization.descriptors.
package kotlinx.serialization.descriptors

interface SerialDescriptor
