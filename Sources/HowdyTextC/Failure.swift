import CHowdyTextABI
import HowdyText
import HowdyTextJSON

#if canImport(Glibc)
    import Glibc
#endif

/// An error on its way across the C boundary: a status code and a message.
struct Failure: Error {
    var status: Int32
    var message: String

    static func argument(_ message: String) -> Failure {
        Failure(status: Int32(HOWDYTEXT_ERROR_ARGUMENT), message: message)
    }

    /// The status and message for an error thrown by HowdyText or the request reader.
    init(_ error: any Error) {
        switch error {
        case let failure as Failure: self = failure
        case let invalid as BalanceRequest.Invalid:
            self.init(status: Int32(HOWDYTEXT_ERROR_OPTIONS), message: "options: \(invalid.message)")
        case let failure as JSONReader.Failure:
            self.init(status: Int32(HOWDYTEXT_ERROR_OPTIONS), message: "options: not JSON: \(failure)")
        case let textError as TextError:
            let status =
                switch textError {
                case .fontNotFound: HOWDYTEXT_ERROR_FONT_NOT_FOUND
                case .fontUnreadable, .fontInvalid: HOWDYTEXT_ERROR_FONT_INVALID
                case .invalidWidth, .invalidSize, .invalidLineHeight: HOWDYTEXT_ERROR_RANGE
                case .textTooLong, .unicode: HOWDYTEXT_ERROR_TEXT
                case .invalidFeature: HOWDYTEXT_ERROR_OPTIONS
                case .hyphenationDictionaryMissing, .hyphenationDictionaryInvalid: HOWDYTEXT_ERROR_HYPHENATION
                }
            self.init(status: Int32(status), message: textError.description)
        default:
            self.init(status: Int32(HOWDYTEXT_ERROR_ARGUMENT), message: "\(error)")
        }
    }

    init(status: Int32, message: String) {
        self.status = status
        self.message = message
    }

    /// Hands the message to the caller (malloc'd, for `howdytext_message_free`) when it
    /// asked for one, and returns the status.
    func report(to outMessage: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> howdytext_status {
        outMessage?.pointee = strdup(message)
        return howdytext_status(status)
    }
}

/// `howdytext_message_free`, as howdytext.h documents it.
@_cdecl("howdytext_message_free")
public func howdytextMessageFree(_ message: UnsafeMutablePointer<CChar>?) {
    free(message)
}
