// generated from fixtures/capabilities.json by tools/codegen — do not edit
@file:OptIn(ExperimentalSerializationApi::class)

package dev.xcap.nativetypes

import kotlinx.serialization.*
import kotlinx.serialization.json.*
import kotlinx.serialization.descriptors.*
import kotlinx.serialization.encoding.*

@Serializable
data class FilesOpenNativeInput (
    val accept: List<String>? = null,
    val multiple: Boolean
)

@Serializable
data class FilesOpenNativeOutput (
    val files: List<FileElement>
)

@Serializable
data class FileElement (
    val data: String,
    val mimeType: String,
    val name: String
)

@Serializable
data class FilesSaveNativeInput (
    val data: String,
    val mimeType: String,
    val name: String
)

@Serializable
data class FilesSaveNativeOutput (
    val saved: Boolean
)

@Serializable
data class FocusWindowNativeInput (
    val window: String
)

@Serializable
data class FocusWindowNativeOutput (
    val focused: Boolean
)

@Serializable
data class LaunchAppNativeInput (
    val app: String
)

@Serializable
data class LaunchAppNativeOutput (
    val launched: Boolean
)

@Serializable
data class NotificationsCancelNativeInput (
    val id: String
)

@Serializable
data class NotificationsCancelNativeOutput (
    val cancelled: Boolean
)

@Serializable
data class NotificationsPostNativeInput (
    @EncodeDefault(EncodeDefault.Mode.ALWAYS)
    val at: String? = null,

    @EncodeDefault(EncodeDefault.Mode.ALWAYS)
    val body: String? = null,

    val id: String,

    @EncodeDefault(EncodeDefault.Mode.ALWAYS)
    val tap: Tap? = null,

    val title: String
)

@Serializable
data class Tap (
    val app: String,
    val params: JsonObject,
    val screen: String,
    val type: Type
)

@Serializable
enum class Type(val value: String) {
    @SerialName("notificationTap") NotificationTap("notificationTap");
}

@Serializable
class NotificationsPostNativeOutput()

@Serializable
data class PhotosGetNativeInput (
    val id: String
)

@Serializable
data class PhotosGetNativeOutput (
    val photo: PhotosGetNativeOutputPhoto
)

@Serializable
data class PhotosGetNativeOutputPhoto (
    val data: String,
    val id: String,
    val mimeType: String,
    val name: String,

    @EncodeDefault(EncodeDefault.Mode.ALWAYS)
    val takenAt: String? = null
)

@Serializable
data class PhotosListNativeInput (
    val cursor: String? = null,
    val limit: Long
)

@Serializable
data class PhotosListNativeOutput (
    @EncodeDefault(EncodeDefault.Mode.ALWAYS)
    val cursor: String? = null,

    val photos: List<PhotosListNativeOutputPhoto>
)

@Serializable
data class PhotosListNativeOutputPhoto (
    val id: String,
    val mimeType: String,
    val name: String,

    @EncodeDefault(EncodeDefault.Mode.ALWAYS)
    val takenAt: String? = null
)

@Serializable
data class PhotosPickNativeInput (
    val limit: Long
)

@Serializable
data class PhotosPickNativeOutput (
    val photos: List<PhotosPickNativeOutputPhoto>
)

@Serializable
data class PhotosPickNativeOutputPhoto (
    val data: String,
    val id: String,
    val mimeType: String,
    val name: String,

    @EncodeDefault(EncodeDefault.Mode.ALWAYS)
    val takenAt: String? = null
)

@Serializable
data class PrintPrintNativeInput (
    val data: String,
    val mimeType: MIMEType,
    val name: String
)

@Serializable
enum class MIMEType(val value: String) {
    @SerialName("application/pdf") ApplicationPDF("application/pdf"),
    @SerialName("image/jpeg") ImageJPEG("image/jpeg"),
    @SerialName("image/png") ImagePNG("image/png");
}

@Serializable
data class PrintPrintNativeOutput (
    val printed: Boolean
)

@Serializable
data class ShareSendNativeInput (
    val file: ShareSendNativeInputFile? = null,
    val text: String? = null,
    val title: String? = null,
    val url: String? = null
)

@Serializable
data class ShareSendNativeInputFile (
    val data: String,
    val mimeType: String,
    val name: String
)

@Serializable
data class ShareSendNativeOutput (
    val shared: Boolean
)

@Serializable
class WindowsListNativeInput()

@Serializable
data class WindowsListNativeOutput (
    val windows: List<Window>
)

@Serializable
data class Window (
    val app: String,
    val focused: Boolean,
    val id: String,
    val minimized: Boolean,
    val title: String,
    val workspace: Long
)
