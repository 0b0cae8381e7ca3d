/// Values by option name, in the order given: a handful of entries at most, looked up by a
/// linear search. Not a dictionary, on purpose: a status bar's run would pay more for the
/// runtime to build a hashed collection's type the first time than for every lookup together.
package struct ByName<Value> {
    private var entries: [(name: String, value: Value)] = []

    package init() {}

    /// The value of `name`, if given; setting one replaces it or adds it at the end.
    package subscript(_ name: String) -> Value? {
        get { entries.first { $0.name == name }?.value }
        set {
            let index = entries.firstIndex { $0.name == name }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].value = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append((name, value))
            case (nil, nil): break
            }
        }
    }
}

extension ByName: Sequence {
    package func makeIterator() -> IndexingIterator<[(name: String, value: Value)]> {
        entries.makeIterator()
    }
}
