/// Where a front's output goes, a chunk of bytes at a time: the command line's standard output
/// (a file descriptor), memory, or — for the web front — a chunked HTTP response. The writers
/// (`JSONDocumentWriter`, `TextTableWriter`) hand over a chunk whenever their own buffer fills, so
/// memory stays flat whatever the size of the answer. A sink that can take no more (a client
/// that went away) throws, and the walk that feeds the writer stops there.
package protocol ByteSink: AnyObject {
    /// Takes the next chunk of the output.
    func write(_ chunk: [UInt8]) throws
}
