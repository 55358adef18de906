import Foundation
import Testing

/// What a `howdy` process printed and its exit status.
struct ProcessResult {
    var status: Int32
    var out: String
    var err: String
}

/// Runs the built `howdy` through `/bin/sh`, so a test can give shell redirections
/// (`>/dev/full`, `>&-`, `2>&-`) exactly as a user types them. `redirections` follows the
/// arguments, e.g. `">/dev/full"`. Standard output and error are captured unless redirected.
func spawnHowdy(
    _ arguments: [String], redirections: String = "", input: Data? = nil, directory: String? = nil
) throws -> ProcessResult {
    let executable = try #require(howdyExecutable(), "build the howdy product first (swift build --build-tests)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exec \"$0\" \"$@\" \(redirections)", executable.path] + arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let inputPipe = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
    try process.run()
    if let input {
        // The child may refuse its input and exit before reading it all: write from a
        // thread with write(2) (no SIGPIPE, no trap on EPIPE) and stop at the first error.
        signal(SIGPIPE, SIG_IGN)
        let writer = inputPipe.fileHandleForWriting
        Thread {
            input.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let count = write(writer.fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if count <= 0 { break }
                    offset += count
                }
            }
            try? writer.close()
        }.start()
    }
    // Read both pipes to the end before waiting, so a full pipe cannot stall the child.
    let errData = Locked(Data())
    let errHandle = err.fileHandleForReading
    Thread { errData.set(errHandle.readDataToEndOfFile()) }.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errData.isSet { usleep(1000) }
    return ProcessResult(
        status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
        err: String(decoding: errData.value, as: UTF8.self))
}

/// A value set once by another thread.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    private var wasSet = false
    init(_ value: Value) { stored = value }
    func set(_ value: Value) {
        lock.withLock {
            stored = value; wasSet = true
        }
    }
    var value: Value { lock.withLock { stored } }
    var isSet: Bool { lock.withLock { wasSet } }
}

/// A minimal PNG (IHDR, a 2-byte IDAT, IEND; valid CRCs) claiming `width` × `height`
/// 8-bit grey pixels: enough for libpng to read the header, far too little to decode, so
/// a test shows that a size is refused from the header alone.
func headerOnlyPNG(width: UInt32, height: UInt32) -> Data {
    var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    func chunk(_ type: String, _ body: [UInt8]) {
        var length = UInt32(body.count).bigEndian
        data.append(Data(bytes: &length, count: 4))
        let typed = Array(type.utf8) + body
        data.append(contentsOf: typed)
        var crc = crc32(typed).bigEndian
        data.append(Data(bytes: &crc, count: 4))
    }
    func be(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> UInt32($0)) & 0xFF) } }
    chunk("IHDR", be(width) + be(height) + [8, 0, 0, 0, 0])
    chunk("IDAT", [0x78, 0x9C])
    chunk("IEND", [])
    return data
}

/// CRC-32 (ISO 3309, as PNG uses).
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}
