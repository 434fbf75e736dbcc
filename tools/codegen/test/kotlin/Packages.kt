// Stand-ins so the generated file's star imports of kotlinx.serialization's
// json, descriptors and encoding packages resolve (it uses JsonObject only).
package kotlinx.serialization.json

class JsonObject(private val content: Map<String, JsonElement>) : JsonElement(), Map<String, JsonElement> by content

sealed class JsonElement
