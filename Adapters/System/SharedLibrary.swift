import Glibc

/// A C library loans loads itself instead of linking it (libpq, libmicrohttpd, libargon2): opened
/// with `dlopen` by its Debian soname when the one command that needs it first uses it, so no
/// other run maps it and a machine without it runs everything else. Each adapter resolves the
/// functions it calls into a table of its own, kept in a `static let` (which Swift makes once,
/// thread-safe, on first use); the library is never unloaded. A library that cannot be loaded,
/// or lacks a function, is a `LibraryError` that names the package to install.
package struct SharedLibrary: @unchecked Sendable {  // a handle to a library that is never unloaded
    private let handle: UnsafeMutableRawPointer
    /// The soname it was opened by.
    package let soname: String
    private let package: String
    private let need: String

    /// Opens the first of `sonames` the dynamic loader finds (each library's own symbols kept to
    /// itself, every function bound now); `package` is the Debian package that ships it and
    /// `need` says who needs it, as a message begins: "passwords need libargon2-1".
    package init(_ sonames: String..., package: String, need: String) throws(LibraryError) {
        self.package = package
        self.need = need
        var reason = sonames.joined(separator: ", ")
        for soname in sonames {
            if let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) {
                (self.handle, self.soname) = (handle, soname)
                return
            }
            reason = dlerror().map { String(cString: $0) } ?? soname
        }
        throw LibraryError(package: package, need: need, reason: reason)
    }

    private init(handle: UnsafeMutableRawPointer, soname: String, package: String, need: String) {
        (self.handle, self.soname, self.package, self.need) = (handle, soname, package, need)
    }

    /// The library named `soname` that came mapped along with this one (the C library libpq
    /// brought), found without loading anything; nil when the process has none of that name.
    /// Its errors name this library's package.
    package func companion(_ soname: String) -> SharedLibrary? {
        dlopen(soname, RTLD_NOW | RTLD_NOLOAD).map { SharedLibrary(handle: $0, soname: soname, package: package, need: need) }
    }

    /// The error to throw when the library is there but unfit for a reason the adapter finds itself
    /// (built without a feature loans needs).
    package func unusable(_ reason: String) -> LibraryError {
        LibraryError(package: package, need: need, reason: reason)
    }

    /// The address of the function `name` (kept as is for a variadic function, which a shim calls
    /// with fixed arguments).
    package func address(of name: String) throws(LibraryError) -> UnsafeMutableRawPointer {
        guard let address = dlsym(handle, name) else {
            throw unusable("\(soname) has no function \(name); it is older than loans needs")
        }
        return address
    }

    /// The function `name` as a pointer of the type the library's header gives it.
    package func function<Function>(_ name: String) throws(LibraryError) -> Function {
        unsafeBitCast(try address(of: name), to: Function.self)
    }
}

/// A library loans needs could not be loaded, or is older than it needs: the whole message names
/// the package to install, and why (the dynamic loader's words or the missing function).
package struct LibraryError: Error, CustomStringConvertible, Sendable {
    /// The Debian package that ships the library.
    package let package: String
    /// Who needs it, as the message begins.
    package let need: String
    package let reason: String

    package var description: String {
        "\(need), which could not be loaded (\(reason)); install the package \(package) (apt install \(package))"
    }
}
