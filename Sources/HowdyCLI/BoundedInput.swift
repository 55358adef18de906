import Foundation

/// Reads a stream whole, but no more than a limit: input past the limit is refused as
/// soon as it arrives, so a huge or endless standard input costs at most `limit` bytes of
/// memory and is never read to its end.
enum BoundedInput {
    /// Every byte of `handle` until end of file.
    /// - Parameters:
    ///   - handle: the stream (standard input, a pipe, a file).
    ///   - limit: the most bytes accepted.
    ///   - name: the stream's name in messages ("standard input").
    /// - Throws: `CLIError.badInput` naming the stream and the limit once byte `limit + 1`
    ///   has been read (without reading further), or the system's reason when reading fails.
    static func readAll(from handle: FileHandle, limit: Int, name: String) throws(CLIError) -> [UInt8] {
        var bytes: [UInt8] = []
        let chunk = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, chunk) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .badInput("cannot read \(name): \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else {
                throw .badInput("\(name) is over the \(limit)-byte limit; refused before reading the rest")
            }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }
}
