/// A program's table of settings, each resolved as its declaration says (option > environment >
/// config file > default), with where each value came from. The program keeps one and reads
/// its settings typed through it (`resolved[SettingKey.window]`).
package struct ResolvedSettings {
    /// The program's settings, in the order `config`, help and the man page list them.
    private let table: [SettingDeclaration]
    private var sources: SettingSources
    /// Each setting in force, in the table's order.
    private var inForce: [SettingInForce]

    /// The config file the settings were read with, when it exists.
    package var config: ConfigFile? { sources.config }

    /// Every setting of `table`, resolved from `sources`.
    package init(_ table: [SettingDeclaration], from sources: SettingSources) throws(SettingsError) {
        self.table = table
        self.sources = sources
        var inForce: [SettingInForce] = []
        inForce.reserveCapacity(table.count)
        for setting in table {
            inForce.append(try setting.resolve(sources))
        }
        self.inForce = inForce
    }

    /// These settings with the options of `command` that override settings (`widget --format`,
    /// `remind --lead`): what the command reads. Only the settings given by such an option are
    /// resolved again, and those that follow one of them (a setting follows one listed before it
    /// in the table).
    package func overridden(by values: OptionValues, of command: CommandDeclaration) throws(SettingsError) -> ResolvedSettings {
        var settings = self
        settings.sources.command = CommandOptions(values: values, declaration: command)
        var changed: [String] = []
        for (index, setting) in table.enumerated() {
            let given = setting.option.map { command.options.contains($0) && values.value(of: $0) != nil } ?? false
            let follows = if case .sameAs(let key) = inForce[index].source { changed.contains(key) } else { false }
            guard given || follows else { continue }
            settings.inForce[index] = try setting.resolve(settings.sources)
            changed.append(setting.key)
        }
        return settings
    }

    /// The value of `setting` in force.
    package subscript<Value>(_ setting: Setting<Value>) -> Value {
        // Cast back to the type of the setting's reader, which read it (or of its default).
        if let entry = inForce.first(where: { $0.key == setting.key }), let value = entry.value as? Value { return value }
        // Not in the table (so nothing can give it): its default.
        return setting.defaultValue()
    }

    /// Every setting of the table in force, in the table's order (for `config`): its key, its
    /// value shown, and where the value came from.
    package var rows: [(key: String, shown: String, source: SettingSource)] {
        zip(table, inForce).map { setting, entry in (setting.key, setting.shown(entry.value), entry.source) }
    }
}
