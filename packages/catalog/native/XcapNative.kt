// generated from fixtures/capabilities.json by tools/codegen — do not edit
package dev.xcap.native

import java.time.OffsetDateTime

data class FilesOpenNativeInput (
    val accept: List<String>? = null,
    val multiple: Boolean
)

data class FilesOpenNativeOutput (
    val files: List<FileElement>
)

data class FileElement (
    val data: String,
    val mimeType: String,
    val name: String
)

data class FilesSaveNativeInput (
    val data: String,
    val mimeType: String,
    val name: String
)

data class FilesSaveNativeOutput (
    val saved: Boolean
)

data class FocusWindowNativeInput (
    val window: String
)

data class FocusWindowNativeOutput (
    val focused: Boolean
)

data class LaunchAppNativeInput (
    val app: String
)

data class LaunchAppNativeOutput (
    val launched: Boolean
)

data class NotificationsCancelNativeInput (
    val id: String
)

data class NotificationsCancelNativeOutput (
    val cancelled: Boolean
)

data class NotificationsPostNativeInput (
    val at: OffsetDateTime? = null,
    val body: String? = null,
    val id: String,
    val tap: Tap? = null,
    val title: String
)

data class Tap (
    val app: String,
    val params: Map<String, Any?>,
    val screen: String,
    val type: Type
)

enum class Type {
    NotificationTap
}

class NotificationsPostNativeOutput()

data class PhotosGetNativeInput (
    val id: String
)

data class PhotosGetNativeOutput (
    val photo: PhotosGetNativeOutputPhoto
)

data class PhotosGetNativeOutputPhoto (
    val data: String,
    val id: String,
    val mimeType: String,
    val name: String,
    val takenAt: OffsetDateTime? = null
)

data class PhotosListNativeInput (
    val cursor: String? = null,
    val limit: Long
)

data class PhotosListNativeOutput (
    val cursor: String? = null,
    val photos: List<PhotosListNativeOutputPhoto>
)

data class PhotosListNativeOutputPhoto (
    val id: String,
    val mimeType: String,
    val name: String,
    val takenAt: OffsetDateTime? = null
)

data class PhotosPickNativeInput (
    val limit: Long
)

data class PhotosPickNativeOutput (
    val photos: List<PhotosPickNativeOutputPhoto>
)

data class PhotosPickNativeOutputPhoto (
    val data: String,
    val id: String,
    val mimeType: String,
    val name: String,
    val takenAt: OffsetDateTime? = null
)

data class PrintPrintNativeInput (
    val data: String,
    val mimeType: MIMEType,
    val name: String
)

enum class MIMEType {
    ApplicationPDF,
    ImageJPEG,
    ImagePNG
}

data class PrintPrintNativeOutput (
    val printed: Boolean
)

data class ShareSendNativeInput (
    val file: ShareSendNativeInputFile? = null,
    val text: String? = null,
    val title: String? = null,
    val url: String? = null
)

data class ShareSendNativeInputFile (
    val data: String,
    val mimeType: String,
    val name: String
)

data class ShareSendNativeOutput (
    val shared: Boolean
)

class WindowsListNativeInput()

data class WindowsListNativeOutput (
    val windows: List<Window>
)

data class Window (
    val app: String,
    val focused: Boolean,
    val id: String,
    val minimized: Boolean,
    val title: String,
    val workspace: Long
)
