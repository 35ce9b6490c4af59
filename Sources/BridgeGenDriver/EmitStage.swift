import BridgeGenCore
import BridgeGenOutput

/// Stage 6: the outputs' files. The targets are independent: each emits on a thread of its own
/// (their files keep the request's order), and a thread with nothing left runs parts of the
/// others (`EmitBoard`).
struct EmitStage: Sendable {
    let schema: SchemaSet
    let config: GeneratorConfig
    let outputs: [BridgeGenRequest.Output]
    private let board: EmitBoard

    init(_ schema: SchemaSet, _ config: GeneratorConfig, outputs: [BridgeGenRequest.Output]) {
        self.schema = schema
        self.config = config
        self.outputs = outputs
        board = EmitBoard(targets: outputs.count)
    }

    /// Every output's files, each output emitted whole (for `--check`, which only plans).
    func targets() -> [OutputWriter.Target] {
        board.onThreads(outputs.indices.map { [$0] }) { self.target($0[0]) }
    }

    /// Each group of outputs (indices of those naming one folder) handed to `body` on a thread of
    /// its own, to be planned and staged while the others still emit.
    func byFolder(_ groups: [[Int]], _ body: @escaping @Sendable (EmitStage, [Int]) -> Void) {
        _ = board.onThreads(groups) { body(self, $0) }
    }

    /// Output `index`'s files, in its order, handed to `sink` on the calling thread.
    func emit(_ index: Int, into sink: (GeneratedFile) -> Void) {
        board.emit(index, parts: outputs[index].target.parts(schema, config: config), into: sink)
    }

    func target(_ index: Int) -> OutputWriter.Target {
        var files: [GeneratedFile] = []
        emit(index) { files.append($0) }
        return OutputWriter.Target(folder: outputs[index].folder, files: files)
    }
}
