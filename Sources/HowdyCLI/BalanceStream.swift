import Foundation
import HowdyText

extension BalanceCommand {
    /// The JSON-lines loop: reads requests as they arrive, answers every complete line
    /// of each chunk read, and writes the answers before reading again, so a caller
    /// that waits for each answer never deadlocks and a bulk caller pays one write per chunk.
    static func runStream(args: Arguments, defaultMode: Mode, session: Session, io: CommandIO) throws -> Int32 {
        let defaults = (font: args.string("font"), size: try args.double("size"), width: try args.double("width"))
        let input = io.standardInput()
        var pending: [UInt8] = []
        var lineNumber = 0
        while true {
            let chunk = input.availableData
            let atEnd = chunk.isEmpty
            pending.append(contentsOf: chunk)
            var output = ""
            var lineStart = 0
            var index = 0
            let count = pending.count
            while index < count || (atEnd && lineStart < count) {
                guard index == count || pending[index] == 0x0A else {
                    index += 1
                    continue
                }
                lineNumber += 1
                let line = Data(pending[lineStart..<index])
                output += answer(line, line: lineNumber, defaults: defaults, defaultMode: defaultMode, session: session)
                output += "\n"
                index += 1
                lineStart = index
            }
            pending.removeFirst(min(lineStart, count))
            if !output.isEmpty { io.write(output) }
            if atEnd { return 0 }
        }
    }

    /// One request's answer: the layout as JSON with its id, or `{"id":…,"error":…}`.
    static func answer(
        _ bytes: Data, line: Int, defaults: (font: String?, size: Double?, width: Double?), defaultMode: Mode,
        session: Session
    ) -> String {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            return error(id: nil, "line \(line): empty line, expected a JSON object")
        }
        guard let object = try? JSONSerialization.jsonObject(with: bytes), let request = object as? [String: Any]
        else {
            return error(id: nil, "line \(line): not a JSON object")
        }
        let id = JSONText.value(request["id"])
        func field<T>(_ name: String, _ fallback: T?) throws -> T {
            if let value = request[name] {
                guard let typed = value as? T else {
                    throw CLIError.badInput(
                        "line \(line): \(name): expected a \(T.self == String.self ? "string" : "number")")
                }
                return typed
            }
            guard let fallback else { throw CLIError.badInput("line \(line): \(name): missing") }
            return fallback
        }
        do {
            let text: String = try field("text", nil)
            let font: String = try field("font", defaults.font)
            let size: Double = try number(field("size", defaults.size as Any?), name: "size", line: line)
            let width: Double = try number(field("width", defaults.width as Any?), name: "width", line: line)
            var mode = defaultMode
            if let raw = request["mode"] {
                guard let name = raw as? String, let parsed = Mode(rawValue: name) else {
                    throw CLIError.badInput("line \(line): mode: expected \"balance\", \"greedy\" or \"even\"")
                }
                mode = parsed
            }
            let layout = try session.layout(text: text, font: font, size: size, width: width, mode: mode)
            return json(layout, id: id)
        } catch let error as TextError {
            return self.error(id: id, "line \(line): \(error.description)")
        } catch {
            return self.error(id: id, "\(error)")
        }
    }

    private static func number(_ value: Any, name: String, line: Int) throws -> Double {
        if let number = value as? NSNumber, !(value is Bool) { return number.doubleValue }
        if let number = value as? Double { return number }
        throw CLIError.badInput("line \(line): \(name): expected a number")
    }

    private static func error(id: String?, _ message: String) -> String {
        "{\"id\":\(id ?? "null"),\"error\":\(JSONText.string(message))}"
    }
}
