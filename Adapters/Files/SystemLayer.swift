// LoansAdapters names files, descriptors and system errors by the system layer's types
// (`SystemPath`, `FileDescriptor`, `FileStatus`, `Errno`): every file here, and the composition
// root that imports LoansAdapters, sees them without importing LoansSystem itself.
@_exported import LoansSystem
