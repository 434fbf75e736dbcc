// Stand-ins for the kotlinx.serialization (1.7) annotations the generated
// XcapNative.kt uses, with the real ones' targets, parameters and opt-in
// level: the runtime jar is not on npm or in Debian, so the test compiles
// against these and WITHOUT the serialization plugin (nothing checks the
// serializers the plugin would generate, nor the JSON they write).
package kotlinx.serialization

import kotlin.reflect.KClass

interface KSerializer<T>

@MustBeDocumented
@Target(AnnotationTarget.PROPERTY, AnnotationTarget.CLASS, AnnotationTarget.TYPE)
annotation class Serializable(val with: KClass<out KSerializer<*>> = KSerializer::class)

@MustBeDocumented
@Target(AnnotationTarget.PROPERTY, AnnotationTarget.CLASS)
annotation class SerialName(val value: String)

@MustBeDocumented
@Retention(AnnotationRetention.BINARY)
@RequiresOptIn(level = RequiresOptIn.Level.WARNING)
@Target(AnnotationTarget.CLASS, AnnotationTarget.PROPERTY, AnnotationTarget.FUNCTION, AnnotationTarget.TYPEALIAS)
annotation class ExperimentalSerializationApi

@MustBeDocumented
@Target(AnnotationTarget.PROPERTY)
@ExperimentalSerializationApi
annotation class EncodeDefault(val mode: Mode = Mode.ALWAYS) {
    enum class Mode { ALWAYS, NEVER }
}
