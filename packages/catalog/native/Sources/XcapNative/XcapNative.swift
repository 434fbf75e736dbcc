// generated from fixtures/capabilities.json by tools/codegen — do not edit
// This file was generated from JSON Schema using quicktype, do not modify it directly.
// To parse the JSON, add this file to your project and do:
//
//   let filesOpenNativeInput = try? JSONDecoder().decode(FilesOpenNativeInput.self, from: jsonData)
//   let filesOpenNativeOutput = try? JSONDecoder().decode(FilesOpenNativeOutput.self, from: jsonData)
//   let filesSaveNativeInput = try? JSONDecoder().decode(FilesSaveNativeInput.self, from: jsonData)
//   let filesSaveNativeOutput = try? JSONDecoder().decode(FilesSaveNativeOutput.self, from: jsonData)
//   let focusWindowNativeInput = try? JSONDecoder().decode(FocusWindowNativeInput.self, from: jsonData)
//   let focusWindowNativeOutput = try? JSONDecoder().decode(FocusWindowNativeOutput.self, from: jsonData)
//   let launchAppNativeInput = try? JSONDecoder().decode(LaunchAppNativeInput.self, from: jsonData)
//   let launchAppNativeOutput = try? JSONDecoder().decode(LaunchAppNativeOutput.self, from: jsonData)
//   let notificationsCancelNativeInput = try? JSONDecoder().decode(NotificationsCancelNativeInput.self, from: jsonData)
//   let notificationsCancelNativeOutput = try? JSONDecoder().decode(NotificationsCancelNativeOutput.self, from: jsonData)
//   let notificationsPostNativeInput = try? JSONDecoder().decode(NotificationsPostNativeInput.self, from: jsonData)
//   let notificationsPostNativeOutput = try? JSONDecoder().decode(NotificationsPostNativeOutput.self, from: jsonData)
//   let photosGetNativeInput = try? JSONDecoder().decode(PhotosGetNativeInput.self, from: jsonData)
//   let photosGetNativeOutput = try? JSONDecoder().decode(PhotosGetNativeOutput.self, from: jsonData)
//   let photosListNativeInput = try? JSONDecoder().decode(PhotosListNativeInput.self, from: jsonData)
//   let photosListNativeOutput = try? JSONDecoder().decode(PhotosListNativeOutput.self, from: jsonData)
//   let photosPickNativeInput = try? JSONDecoder().decode(PhotosPickNativeInput.self, from: jsonData)
//   let photosPickNativeOutput = try? JSONDecoder().decode(PhotosPickNativeOutput.self, from: jsonData)
//   let printPrintNativeInput = try? JSONDecoder().decode(PrintPrintNativeInput.self, from: jsonData)
//   let printPrintNativeOutput = try? JSONDecoder().decode(PrintPrintNativeOutput.self, from: jsonData)
//   let shareSendNativeInput = try? JSONDecoder().decode(ShareSendNativeInput.self, from: jsonData)
//   let shareSendNativeOutput = try? JSONDecoder().decode(ShareSendNativeOutput.self, from: jsonData)
//   let windowsListNativeInput = try? JSONDecoder().decode(WindowsListNativeInput.self, from: jsonData)
//   let windowsListNativeOutput = try? JSONDecoder().decode(WindowsListNativeOutput.self, from: jsonData)

import Foundation

// MARK: - FilesOpenNativeInput
public struct FilesOpenNativeInput: Codable, Sendable {
    public let accept: [String]?
    public let multiple: Bool

    public enum CodingKeys: String, CodingKey {
        case accept = "accept"
        case multiple = "multiple"
    }

    public init(accept: [String]?, multiple: Bool) {
        self.accept = accept
        self.multiple = multiple
    }
}

// MARK: - FilesOpenNativeOutput
public struct FilesOpenNativeOutput: Codable, Sendable {
    public let files: [FileElement]

    public enum CodingKeys: String, CodingKey {
        case files = "files"
    }

    public init(files: [FileElement]) {
        self.files = files
    }
}

// MARK: - FileElement
public struct FileElement: Codable, Sendable {
    public let data: String
    public let mimeType: String
    public let name: String

    public enum CodingKeys: String, CodingKey {
        case data = "data"
        case mimeType = "mimeType"
        case name = "name"
    }

    public init(data: String, mimeType: String, name: String) {
        self.data = data
        self.mimeType = mimeType
        self.name = name
    }
}

// MARK: - FilesSaveNativeInput
public struct FilesSaveNativeInput: Codable, Sendable {
    public let data: String
    public let mimeType: String
    public let name: String

    public enum CodingKeys: String, CodingKey {
        case data = "data"
        case mimeType = "mimeType"
        case name = "name"
    }

    public init(data: String, mimeType: String, name: String) {
        self.data = data
        self.mimeType = mimeType
        self.name = name
    }
}

// MARK: - FilesSaveNativeOutput
public struct FilesSaveNativeOutput: Codable, Sendable {
    public let saved: Bool

    public enum CodingKeys: String, CodingKey {
        case saved = "saved"
    }

    public init(saved: Bool) {
        self.saved = saved
    }
}

// MARK: - FocusWindowNativeInput
public struct FocusWindowNativeInput: Codable, Sendable {
    public let window: String

    public enum CodingKeys: String, CodingKey {
        case window = "window"
    }

    public init(window: String) {
        self.window = window
    }
}

// MARK: - FocusWindowNativeOutput
public struct FocusWindowNativeOutput: Codable, Sendable {
    public let focused: Bool

    public enum CodingKeys: String, CodingKey {
        case focused = "focused"
    }

    public init(focused: Bool) {
        self.focused = focused
    }
}

// MARK: - LaunchAppNativeInput
public struct LaunchAppNativeInput: Codable, Sendable {
    public let app: String

    public enum CodingKeys: String, CodingKey {
        case app = "app"
    }

    public init(app: String) {
        self.app = app
    }
}

// MARK: - LaunchAppNativeOutput
public struct LaunchAppNativeOutput: Codable, Sendable {
    public let launched: Bool

    public enum CodingKeys: String, CodingKey {
        case launched = "launched"
    }

    public init(launched: Bool) {
        self.launched = launched
    }
}

// MARK: - NotificationsCancelNativeInput
public struct NotificationsCancelNativeInput: Codable, Sendable {
    public let id: String

    public enum CodingKeys: String, CodingKey {
        case id = "id"
    }

    public init(id: String) {
        self.id = id
    }
}

// MARK: - NotificationsCancelNativeOutput
public struct NotificationsCancelNativeOutput: Codable, Sendable {
    public let cancelled: Bool

    public enum CodingKeys: String, CodingKey {
        case cancelled = "cancelled"
    }

    public init(cancelled: Bool) {
        self.cancelled = cancelled
    }
}

// MARK: - NotificationsPostNativeInput
public struct NotificationsPostNativeInput: Codable, Sendable {
    public let at: String?
    public let body: String?
    public let id: String
    public let tap: Tap?
    public let title: String

    public enum CodingKeys: String, CodingKey {
        case at = "at"
        case body = "body"
        case id = "id"
        case tap = "tap"
        case title = "title"
    }

    public init(at: String?, body: String?, id: String, tap: Tap?, title: String) {
        self.at = at
        self.body = body
        self.id = id
        self.tap = tap
        self.title = title
    }
}

// MARK: - Tap
public struct Tap: Codable, Sendable {
    public let app: String
    public let params: [String: JSONAny]
    public let screen: String
    public let type: TypeEnum

    public enum CodingKeys: String, CodingKey {
        case app = "app"
        case params = "params"
        case screen = "screen"
        case type = "type"
    }

    public init(app: String, params: [String: JSONAny], screen: String, type: TypeEnum) {
        self.app = app
        self.params = params
        self.screen = screen
        self.type = type
    }
}

public enum TypeEnum: String, Codable, Sendable {
    case notificationTap = "notificationTap"
}

// MARK: - NotificationsPostNativeOutput
public struct NotificationsPostNativeOutput: Codable, Sendable {

    public init() {
    }
}

// MARK: - PhotosGetNativeInput
public struct PhotosGetNativeInput: Codable, Sendable {
    public let id: String

    public enum CodingKeys: String, CodingKey {
        case id = "id"
    }

    public init(id: String) {
        self.id = id
    }
}

// MARK: - PhotosGetNativeOutput
public struct PhotosGetNativeOutput: Codable, Sendable {
    public let photo: PhotosGetNativeOutputPhoto

    public enum CodingKeys: String, CodingKey {
        case photo = "photo"
    }

    public init(photo: PhotosGetNativeOutputPhoto) {
        self.photo = photo
    }
}

// MARK: - PhotosGetNativeOutputPhoto
public struct PhotosGetNativeOutputPhoto: Codable, Sendable {
    public let data: String
    public let id: String
    public let mimeType: String
    public let name: String
    public let takenAt: String?

    public enum CodingKeys: String, CodingKey {
        case data = "data"
        case id = "id"
        case mimeType = "mimeType"
        case name = "name"
        case takenAt = "takenAt"
    }

    public init(data: String, id: String, mimeType: String, name: String, takenAt: String?) {
        self.data = data
        self.id = id
        self.mimeType = mimeType
        self.name = name
        self.takenAt = takenAt
    }
}

// MARK: - PhotosListNativeInput
public struct PhotosListNativeInput: Codable, Sendable {
    public let cursor: String?
    public let limit: Int

    public enum CodingKeys: String, CodingKey {
        case cursor = "cursor"
        case limit = "limit"
    }

    public init(cursor: String?, limit: Int) {
        self.cursor = cursor
        self.limit = limit
    }
}

// MARK: - PhotosListNativeOutput
public struct PhotosListNativeOutput: Codable, Sendable {
    public let cursor: String?
    public let photos: [PhotosListNativeOutputPhoto]

    public enum CodingKeys: String, CodingKey {
        case cursor = "cursor"
        case photos = "photos"
    }

    public init(cursor: String?, photos: [PhotosListNativeOutputPhoto]) {
        self.cursor = cursor
        self.photos = photos
    }
}

// MARK: - PhotosListNativeOutputPhoto
public struct PhotosListNativeOutputPhoto: Codable, Sendable {
    public let id: String
    public let mimeType: String
    public let name: String
    public let takenAt: String?

    public enum CodingKeys: String, CodingKey {
        case id = "id"
        case mimeType = "mimeType"
        case name = "name"
        case takenAt = "takenAt"
    }

    public init(id: String, mimeType: String, name: String, takenAt: String?) {
        self.id = id
        self.mimeType = mimeType
        self.name = name
        self.takenAt = takenAt
    }
}

// MARK: - PhotosPickNativeInput
public struct PhotosPickNativeInput: Codable, Sendable {
    public let limit: Int

    public enum CodingKeys: String, CodingKey {
        case limit = "limit"
    }

    public init(limit: Int) {
        self.limit = limit
    }
}

// MARK: - PhotosPickNativeOutput
public struct PhotosPickNativeOutput: Codable, Sendable {
    public let photos: [PhotosPickNativeOutputPhoto]

    public enum CodingKeys: String, CodingKey {
        case photos = "photos"
    }

    public init(photos: [PhotosPickNativeOutputPhoto]) {
        self.photos = photos
    }
}

// MARK: - PhotosPickNativeOutputPhoto
public struct PhotosPickNativeOutputPhoto: Codable, Sendable {
    public let data: String
    public let id: String
    public let mimeType: String
    public let name: String
    public let takenAt: String?

    public enum CodingKeys: String, CodingKey {
        case data = "data"
        case id = "id"
        case mimeType = "mimeType"
        case name = "name"
        case takenAt = "takenAt"
    }

    public init(data: String, id: String, mimeType: String, name: String, takenAt: String?) {
        self.data = data
        self.id = id
        self.mimeType = mimeType
        self.name = name
        self.takenAt = takenAt
    }
}

// MARK: - PrintPrintNativeInput
public struct PrintPrintNativeInput: Codable, Sendable {
    public let data: String
    public let mimeType: MIMEType
    public let name: String

    public enum CodingKeys: String, CodingKey {
        case data = "data"
        case mimeType = "mimeType"
        case name = "name"
    }

    public init(data: String, mimeType: MIMEType, name: String) {
        self.data = data
        self.mimeType = mimeType
        self.name = name
    }
}

public enum MIMEType: String, Codable, Sendable {
    case applicationPDF = "application/pdf"
    case imageJPEG = "image/jpeg"
    case imagePNG = "image/png"
}

// MARK: - PrintPrintNativeOutput
public struct PrintPrintNativeOutput: Codable, Sendable {
    public let printed: Bool

    public enum CodingKeys: String, CodingKey {
        case printed = "printed"
    }

    public init(printed: Bool) {
        self.printed = printed
    }
}

// MARK: - ShareSendNativeInput
public struct ShareSendNativeInput: Codable, Sendable {
    public let file: ShareSendNativeInputFile?
    public let text: String?
    public let title: String?
    public let url: String?

    public enum CodingKeys: String, CodingKey {
        case file = "file"
        case text = "text"
        case title = "title"
        case url = "url"
    }

    public init(file: ShareSendNativeInputFile?, text: String?, title: String?, url: String?) {
        self.file = file
        self.text = text
        self.title = title
        self.url = url
    }
}

// MARK: - ShareSendNativeInputFile
public struct ShareSendNativeInputFile: Codable, Sendable {
    public let data: String
    public let mimeType: String
    public let name: String

    public enum CodingKeys: String, CodingKey {
        case data = "data"
        case mimeType = "mimeType"
        case name = "name"
    }

    public init(data: String, mimeType: String, name: String) {
        self.data = data
        self.mimeType = mimeType
        self.name = name
    }
}

// MARK: - ShareSendNativeOutput
public struct ShareSendNativeOutput: Codable, Sendable {
    public let shared: Bool

    public enum CodingKeys: String, CodingKey {
        case shared = "shared"
    }

    public init(shared: Bool) {
        self.shared = shared
    }
}

// MARK: - WindowsListNativeInput
public struct WindowsListNativeInput: Codable, Sendable {

    public init() {
    }
}

// MARK: - WindowsListNativeOutput
public struct WindowsListNativeOutput: Codable, Sendable {
    public let windows: [Window]

    public enum CodingKeys: String, CodingKey {
        case windows = "windows"
    }

    public init(windows: [Window]) {
        self.windows = windows
    }
}

// MARK: - Window
public struct Window: Codable, Sendable {
    public let app: String
    public let focused: Bool
    public let id: String
    public let minimized: Bool
    public let title: String
    public let workspace: Int

    public enum CodingKeys: String, CodingKey {
        case app = "app"
        case focused = "focused"
        case id = "id"
        case minimized = "minimized"
        case title = "title"
        case workspace = "workspace"
    }

    public init(app: String, focused: Bool, id: String, minimized: Bool, title: String, workspace: Int) {
        self.app = app
        self.focused = focused
        self.id = id
        self.minimized = minimized
        self.title = title
        self.workspace = workspace
    }
}

// MARK: - Encode/decode helpers

public class JSONNull: Codable, Hashable {

    public static func == (lhs: JSONNull, rhs: JSONNull) -> Bool {
        return true
    }

    public var hashValue: Int {
        return 0
    }

    public func hash(into hasher: inout Hasher) {
        // No-op
    }

    public init() {}

    public required init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if !container.decodeNil() {
            throw DecodingError.typeMismatch(JSONNull.self, DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Wrong type for JSONNull"))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}

class JSONCodingKey: CodingKey {
    let key: String

    required init?(intValue: Int) {
        return nil
    }

    required init?(stringValue: String) {
        key = stringValue
    }

    var intValue: Int? {
        return nil
    }

    var stringValue: String {
        return key
    }
}

public class JSONAny: Codable {

    public let value: Any

    static func decodingError(forCodingPath codingPath: [CodingKey]) -> DecodingError {
        let context = DecodingError.Context(codingPath: codingPath, debugDescription: "Cannot decode JSONAny")
        return DecodingError.typeMismatch(JSONAny.self, context)
    }

    static func encodingError(forValue value: Any, codingPath: [CodingKey]) -> EncodingError {
        let context = EncodingError.Context(codingPath: codingPath, debugDescription: "Cannot encode JSONAny")
        return EncodingError.invalidValue(value, context)
    }

    static func decode(from container: SingleValueDecodingContainer) throws -> Any {
        if let value = try? container.decode(Bool.self) {
            return value
        }
        if let value = try? container.decode(Int64.self) {
            return value
        }
        if let value = try? container.decode(Double.self) {
            return value
        }
        if let value = try? container.decode(String.self) {
            return value
        }
        if container.decodeNil() {
            return JSONNull()
        }
        throw decodingError(forCodingPath: container.codingPath)
    }

    static func decode(from container: inout UnkeyedDecodingContainer) throws -> Any {
        if let value = try? container.decode(Bool.self) {
            return value
        }
        if let value = try? container.decode(Int64.self) {
            return value
        }
        if let value = try? container.decode(Double.self) {
            return value
        }
        if let value = try? container.decode(String.self) {
            return value
        }
        if let value = try? container.decodeNil() {
            if value {
                return JSONNull()
            }
        }
        if var container = try? container.nestedUnkeyedContainer() {
            return try decodeArray(from: &container)
        }
        if var container = try? container.nestedContainer(keyedBy: JSONCodingKey.self) {
            return try decodeDictionary(from: &container)
        }
        throw decodingError(forCodingPath: container.codingPath)
    }

    static func decode(from container: inout KeyedDecodingContainer<JSONCodingKey>, forKey key: JSONCodingKey) throws -> Any {
        if let value = try? container.decode(Bool.self, forKey: key) {
            return value
        }
        if let value = try? container.decode(Int64.self, forKey: key) {
            return value
        }
        if let value = try? container.decode(Double.self, forKey: key) {
            return value
        }
        if let value = try? container.decode(String.self, forKey: key) {
            return value
        }
        if let value = try? container.decodeNil(forKey: key) {
            if value {
                return JSONNull()
            }
        }
        if var container = try? container.nestedUnkeyedContainer(forKey: key) {
            return try decodeArray(from: &container)
        }
        if var container = try? container.nestedContainer(keyedBy: JSONCodingKey.self, forKey: key) {
            return try decodeDictionary(from: &container)
        }
        throw decodingError(forCodingPath: container.codingPath)
    }

    static func decodeArray(from container: inout UnkeyedDecodingContainer) throws -> [Any] {
        var arr: [Any] = []
        while !container.isAtEnd {
            let value = try decode(from: &container)
            arr.append(value)
        }
        return arr
    }

    static func decodeDictionary(from container: inout KeyedDecodingContainer<JSONCodingKey>) throws -> [String: Any] {
        var dict = [String: Any]()
        for key in container.allKeys {
            let value = try decode(from: &container, forKey: key)
            dict[key.stringValue] = value
        }
        return dict
    }

    static func encode(to container: inout UnkeyedEncodingContainer, array: [Any]) throws {
        for value in array {
            if let value = value as? Bool {
                try container.encode(value)
            } else if let value = value as? Int64 {
                try container.encode(value)
            } else if let value = value as? Double {
                try container.encode(value)
            } else if let value = value as? String {
                try container.encode(value)
            } else if value is JSONNull {
                try container.encodeNil()
            } else if let value = value as? [Any] {
                var container = container.nestedUnkeyedContainer()
                try encode(to: &container, array: value)
            } else if let value = value as? [String: Any] {
                var container = container.nestedContainer(keyedBy: JSONCodingKey.self)
                try encode(to: &container, dictionary: value)
            } else {
                throw encodingError(forValue: value, codingPath: container.codingPath)
            }
        }
    }

    static func encode(to container: inout KeyedEncodingContainer<JSONCodingKey>, dictionary: [String: Any]) throws {
        for (key, value) in dictionary {
            let key = JSONCodingKey(stringValue: key)!
            if let value = value as? Bool {
                try container.encode(value, forKey: key)
            } else if let value = value as? Int64 {
                try container.encode(value, forKey: key)
            } else if let value = value as? Double {
                try container.encode(value, forKey: key)
            } else if let value = value as? String {
                try container.encode(value, forKey: key)
            } else if value is JSONNull {
                try container.encodeNil(forKey: key)
            } else if let value = value as? [Any] {
                var container = container.nestedUnkeyedContainer(forKey: key)
                try encode(to: &container, array: value)
            } else if let value = value as? [String: Any] {
                var container = container.nestedContainer(keyedBy: JSONCodingKey.self, forKey: key)
                try encode(to: &container, dictionary: value)
            } else {
                throw encodingError(forValue: value, codingPath: container.codingPath)
            }
        }
    }

    static func encode(to container: inout SingleValueEncodingContainer, value: Any) throws {
        if let value = value as? Bool {
            try container.encode(value)
        } else if let value = value as? Int64 {
            try container.encode(value)
        } else if let value = value as? Double {
            try container.encode(value)
        } else if let value = value as? String {
            try container.encode(value)
        } else if value is JSONNull {
            try container.encodeNil()
        } else {
            throw encodingError(forValue: value, codingPath: container.codingPath)
        }
    }

    public required init(from decoder: Decoder) throws {
        if var arrayContainer = try? decoder.unkeyedContainer() {
            self.value = try JSONAny.decodeArray(from: &arrayContainer)
        } else if var container = try? decoder.container(keyedBy: JSONCodingKey.self) {
            self.value = try JSONAny.decodeDictionary(from: &container)
        } else {
            let container = try decoder.singleValueContainer()
            self.value = try JSONAny.decode(from: container)
        }
    }

    public func encode(to encoder: Encoder) throws {
        if let arr = self.value as? [Any] {
            var container = encoder.unkeyedContainer()
            try JSONAny.encode(to: &container, array: arr)
        } else if let dict = self.value as? [String: Any] {
            var container = encoder.container(keyedBy: JSONCodingKey.self)
            try JSONAny.encode(to: &container, dictionary: dict)
        } else {
            var container = encoder.singleValueContainer()
            try JSONAny.encode(to: &container, value: self.value)
        }
    }
}

// MARK: - Required fields that may be null are written as null

extension NotificationsPostNativeInput {
    /// Writes `at`, `body`, `tap` as `null` when nil: the schema requires the key.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(at, forKey: .at)
        try container.encode(body, forKey: .body)
        try container.encode(id, forKey: .id)
        try container.encode(tap, forKey: .tap)
        try container.encode(title, forKey: .title)
    }
}

extension PhotosGetNativeOutputPhoto {
    /// Writes `takenAt` as `null` when nil: the schema requires the key.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(data, forKey: .data)
        try container.encode(id, forKey: .id)
        try container.encode(mimeType, forKey: .mimeType)
        try container.encode(name, forKey: .name)
        try container.encode(takenAt, forKey: .takenAt)
    }
}

extension PhotosListNativeOutput {
    /// Writes `cursor` as `null` when nil: the schema requires the key.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(cursor, forKey: .cursor)
        try container.encode(photos, forKey: .photos)
    }
}

extension PhotosListNativeOutputPhoto {
    /// Writes `takenAt` as `null` when nil: the schema requires the key.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(mimeType, forKey: .mimeType)
        try container.encode(name, forKey: .name)
        try container.encode(takenAt, forKey: .takenAt)
    }
}

extension PhotosPickNativeOutputPhoto {
    /// Writes `takenAt` as `null` when nil: the schema requires the key.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(data, forKey: .data)
        try container.encode(id, forKey: .id)
        try container.encode(mimeType, forKey: .mimeType)
        try container.encode(name, forKey: .name)
        try container.encode(takenAt, forKey: .takenAt)
    }
}
