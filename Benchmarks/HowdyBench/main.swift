import Foundation

switch CommandLine.arguments.dropFirst().first {
case "render":
    do {
        print(try RenderBenchmark.json())
    } catch {
        FileHandle.standardError.write(Data("howdy-bench render: \(error)\n".utf8))
        exit(1)
    }
default:
    FileHandle.standardError.write(Data("usage: howdy-bench render\n".utf8))
    exit(2)
}
