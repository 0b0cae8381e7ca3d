import Foundation
import Testing

/// Reads a feed as Debian's python3-icalendar reads it, for the calendar's end-to-end tests.
enum ICalendarReading {
    /// Reads a feed with python3-icalendar: one JSON object per event.
    static let reader = #"""
        import icalendar, json, sys
        calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
        events = []
        for event in calendar.walk('VEVENT'):
            events.append({
                'uid': str(event['UID']), 'sequence': int(event['SEQUENCE']), 'summary': str(event['SUMMARY']),
                'description': str(event['DESCRIPTION']) if 'DESCRIPTION' in event else None,
                'start': event['DTSTART'].dt.isoformat(), 'end': event['DTEND'].dt.isoformat() if 'DTEND' in event else None,
                'stamp': event['DTSTAMP'].dt.isoformat(),
                'alarms': [int(alarm['TRIGGER'].dt.total_seconds()) for alarm in event.walk('VALARM')],
            })
        print(json.dumps({'events': events, 'components': [c.name for c in calendar.walk()]}))
        """#

    struct Event: Decodable, Equatable {
        let uid: String
        let sequence: Int
        let summary: String
        let description: String?
        let start: String
        let end: String?
        let stamp: String
        let alarms: [Int]
    }

    struct Parsed: Decodable {
        let events: [Event]
        let components: [String]
    }

    /// The feed at `path` as python3-icalendar reads it.
    static func parse(in folder: String, _ path: String) throws -> Parsed {
        let script = folder + "/read.py"
        try reader.write(toFile: script, atomically: true, encoding: .utf8)
        let run = try Subprocess("/usr/bin/python3", [script, path], environment: ["PATH": "/usr/bin:/bin"], mergeErrors: true)
        let (code, output) = run.finish(patience: 60)
        #expect(code == 0, "python3-icalendar: \(output)")
        return try JSONDecoder().decode(Parsed.self, from: Data(output.utf8))
    }
}
