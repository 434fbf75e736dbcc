// Prints, as JSON, each named class's primary-constructor parameters as
// Kotlin reflection sees them in the compiled classes: name, nullable,
// optional (has a default) and whether the property carries
// @EncodeDefault(ALWAYS). The test compares this with the catalog's schemas.
@file:OptIn(ExperimentalSerializationApi::class)

package xcap.probe

import kotlin.reflect.full.findAnnotation
import kotlin.reflect.full.memberProperties
import kotlin.reflect.full.primaryConstructor
import kotlinx.serialization.EncodeDefault
import kotlinx.serialization.ExperimentalSerializationApi

fun main(args: Array<String>) {
    val classes = args.map { name ->
        val k = Class.forName(name).kotlin
        val ctor = k.primaryConstructor ?: error("$name has no primary constructor")
        val props = k.memberProperties.associateBy { it.name }
        val params = ctor.parameters.map { p ->
            val always = props[p.name]?.findAnnotation<EncodeDefault>()?.mode == EncodeDefault.Mode.ALWAYS
            "{\"name\":\"${p.name}\",\"nullable\":${p.type.isMarkedNullable},\"optional\":${p.isOptional},\"encodeAlways\":$always}"
        }
        "\"$name\":[${params.joinToString(",")}]"
    }
    println("{${classes.joinToString(",")}}")
}
