// generated from fixtures/capabilities.json by tools/codegen — do not edit
// This file was generated from JSON Schema using quicktype, do not modify it directly.
// To parse the JSON, add this file to your project and do:
//
//   let filesOpenNativeInput = try FilesOpenNativeInput(json)
//   let filesOpenNativeOutput = try FilesOpenNativeOutput(json)
//   let filesSaveNativeInput = try FilesSaveNativeInput(json)
//   let filesSaveNativeOutput = try FilesSaveNativeOutput(json)
//   let focusWindowNativeInput = try FocusWindowNativeInput(json)
//   let focusWindowNativeOutput = try FocusWindowNativeOutput(json)
//   let launchAppNativeInput = try LaunchAppNativeInput(json)
//   let launchAppNativeOutput = try LaunchAppNativeOutput(json)
//   let notificationsCancelNativeInput = try NotificationsCancelNativeInput(json)
//   let notificationsCancelNativeOutput = try NotificationsCancelNativeOutput(json)
//   let notificationsPostNativeInput = try NotificationsPostNativeInput(json)
//   let notificationsPostNativeOutput = try NotificationsPostNativeOutput(json)
//   let photosGetNativeInput = try PhotosGetNativeInput(json)
//   let photosGetNativeOutput = try PhotosGetNativeOutput(json)
//   let photosListNativeInput = try PhotosListNativeInput(json)
//   let photosListNativeOutput = try PhotosListNativeOutput(json)
//   let photosPickNativeInput = try PhotosPickNativeInput(json)
//   let photosPickNativeOutput = try PhotosPickNativeOutput(json)
//   let printPrintNativeInput = try PrintPrintNativeInput(json)
//   let printPrintNativeOutput = try PrintPrintNativeOutput(json)
//   let shareSendNativeInput = try ShareSendNativeInput(json)
//   let shareSendNativeOutput = try ShareSendNativeOutput(json)
//   let windowsListNativeInput = try WindowsListNativeInput(json)
//   let windowsListNativeOutput = try WindowsListNativeOutput(json)

import Foundation

// MARK: - FilesOpenNativeInput
public struct FilesOpenNativeInput {
    public let accept: [String]?
    public let multiple: Bool

    public init(accept: [String]?, multiple: Bool) {
        self.accept = accept
        self.multiple = multiple
    }
}

// MARK: - FilesOpenNativeOutput
public struct FilesOpenNativeOutput {
    public let files: [FileElement]

    public init(files: [FileElement]) {
        self.files = files
    }
}

// MARK: - FileElement
public struct FileElement {
    public let data: String
    public let mimeType: String
    public let name: String

    public init(data: String, mimeType: String, name: String) {
        self.data = data
        self.mimeType = mimeType
        self.name = name
    }
}

// MARK: - FilesSaveNativeInput
public struct FilesSaveNativeInput {
    public let data: String
    public let mimeType: String
    public let name: String

    public init(data: String, mimeType: String, name: String) {
        self.data = data
        self.mimeType = mimeType
        self.name = name
    }
}

// MARK: - FilesSaveNativeOutput
public struct FilesSaveNativeOutput {
    public let saved: Bool

    public init(saved: Bool) {
        self.saved = saved
    }
}

// MARK: - FocusWindowNativeInput
public struct FocusWindowNativeInput {
    public let window: String

    public init(window: String) {
        self.window = window
    }
}

// MARK: - FocusWindowNativeOutput
public struct FocusWindowNativeOutput {
    public let focused: Bool

    public init(focused: Bool) {
        self.focused = focused
    }
}

// MARK: - LaunchAppNativeInput
public struct LaunchAppNativeInput {
    public let app: String

    public init(app: String) {
        self.app = app
    }
}

// MARK: - LaunchAppNativeOutput
public struct LaunchAppNativeOutput {
    public let launched: Bool

    public init(launched: Bool) {
        self.launched = launched
    }
}

// MARK: - NotificationsCancelNativeInput
public struct NotificationsCancelNativeInput {
    public let id: String

    public init(id: String) {
        self.id = id
    }
}

// MARK: - NotificationsCancelNativeOutput
public struct NotificationsCancelNativeOutput {
    public let cancelled: Bool

    public init(cancelled: Bool) {
        self.cancelled = cancelled
    }
}

// MARK: - NotificationsPostNativeInput
public struct NotificationsPostNativeInput {
    public let at: Date?
    public let body: String?
    public let id: String
    public let tap: Tap?
    public let title: String

    public init(at: Date?, body: String?, id: String, tap: Tap?, title: String) {
        self.at = at
        self.body = body
        self.id = id
        self.tap = tap
        self.title = title
    }
}

// MARK: - Tap
public struct Tap {
    public let app: String
    public let params: [String: Any?]
    public let screen: String
    public let type: TypeEnum

    public init(app: String, params: [String: Any?], screen: String, type: TypeEnum) {
        self.app = app
        self.params = params
        self.screen = screen
        self.type = type
    }
}

public enum TypeEnum: String {
    case notificationTap
}

// MARK: - NotificationsPostNativeOutput
public struct NotificationsPostNativeOutput {

    public init() {
    }
}

// MARK: - PhotosGetNativeInput
public struct PhotosGetNativeInput {
    public let id: String

    public init(id: String) {
        self.id = id
    }
}

// MARK: - PhotosGetNativeOutput
public struct PhotosGetNativeOutput {
    public let photo: PhotosGetNativeOutputPhoto

    public init(photo: PhotosGetNativeOutputPhoto) {
        self.photo = photo
    }
}

// MARK: - PhotosGetNativeOutputPhoto
public struct PhotosGetNativeOutputPhoto {
    public let data: String
    public let id: String
    public let mimeType: String
    public let name: String
    public let takenAt: Date?

    public init(data: String, id: String, mimeType: String, name: String, takenAt: Date?) {
        self.data = data
        self.id = id
        self.mimeType = mimeType
        self.name = name
        self.takenAt = takenAt
    }
}

// MARK: - PhotosListNativeInput
public struct PhotosListNativeInput {
    public let cursor: String?
    public let limit: Int

    public init(cursor: String?, limit: Int) {
        self.cursor = cursor
        self.limit = limit
    }
}

// MARK: - PhotosListNativeOutput
public struct PhotosListNativeOutput {
    public let cursor: String?
    public let photos: [PhotosListNativeOutputPhoto]

    public init(cursor: String?, photos: [PhotosListNativeOutputPhoto]) {
        self.cursor = cursor
        self.photos = photos
    }
}

// MARK: - PhotosListNativeOutputPhoto
public struct PhotosListNativeOutputPhoto {
    public let id: String
    public let mimeType: String
    public let name: String
    public let takenAt: Date?

    public init(id: String, mimeType: String, name: String, takenAt: Date?) {
        self.id = id
        self.mimeType = mimeType
        self.name = name
        self.takenAt = takenAt
    }
}

// MARK: - PhotosPickNativeInput
public struct PhotosPickNativeInput {
    public let limit: Int

    public init(limit: Int) {
        self.limit = limit
    }
}

// MARK: - PhotosPickNativeOutput
public struct PhotosPickNativeOutput {
    public let photos: [PhotosPickNativeOutputPhoto]

    public init(photos: [PhotosPickNativeOutputPhoto]) {
        self.photos = photos
    }
}

// MARK: - PhotosPickNativeOutputPhoto
public struct PhotosPickNativeOutputPhoto {
    public let data: String
    public let id: String
    public let mimeType: String
    public let name: String
    public let takenAt: Date?

    public init(data: String, id: String, mimeType: String, name: String, takenAt: Date?) {
        self.data = data
        self.id = id
        self.mimeType = mimeType
        self.name = name
        self.takenAt = takenAt
    }
}

// MARK: - PrintPrintNativeInput
public struct PrintPrintNativeInput {
    public let data: String
    public let mimeType: MIMEType
    public let name: String

    public init(data: String, mimeType: MIMEType, name: String) {
        self.data = data
        self.mimeType = mimeType
        self.name = name
    }
}

public enum MIMEType: String {
    case applicationPDF
    case imageJPEG
    case imagePNG
}

// MARK: - PrintPrintNativeOutput
public struct PrintPrintNativeOutput {
    public let printed: Bool

    public init(printed: Bool) {
        self.printed = printed
    }
}

// MARK: - ShareSendNativeInput
public struct ShareSendNativeInput {
    public let file: ShareSendNativeInputFile?
    public let text: String?
    public let title: String?
    public let url: String?

    public init(file: ShareSendNativeInputFile?, text: String?, title: String?, url: String?) {
        self.file = file
        self.text = text
        self.title = title
        self.url = url
    }
}

// MARK: - ShareSendNativeInputFile
public struct ShareSendNativeInputFile {
    public let data: String
    public let mimeType: String
    public let name: String

    public init(data: String, mimeType: String, name: String) {
        self.data = data
        self.mimeType = mimeType
        self.name = name
    }
}

// MARK: - ShareSendNativeOutput
public struct ShareSendNativeOutput {
    public let shared: Bool

    public init(shared: Bool) {
        self.shared = shared
    }
}

// MARK: - WindowsListNativeInput
public struct WindowsListNativeInput {

    public init() {
    }
}

// MARK: - WindowsListNativeOutput
public struct WindowsListNativeOutput {
    public let windows: [Window]

    public init(windows: [Window]) {
        self.windows = windows
    }
}

// MARK: - Window
public struct Window {
    public let app: String
    public let focused: Bool
    public let id: String
    public let minimized: Bool
    public let title: String
    public let workspace: Int

    public init(app: String, focused: Bool, id: String, minimized: Bool, title: String, workspace: Int) {
        self.app = app
        self.focused = focused
        self.id = id
        self.minimized = minimized
        self.title = title
        self.workspace = workspace
    }
}
