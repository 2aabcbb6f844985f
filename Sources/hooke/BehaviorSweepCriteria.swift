import HookeIO

/// What `hooke sweep --scenario` measures and how it chooses: the settling band, the
/// reported metrics, the constraints (`--max NAME=V`, `--min NAME=V`) and the objective
/// (`--objective NAME`, minimised). Written into JSON outputs so that a merge can check
/// that its parts belong together and recompute the recommendation.
struct BehaviorSweepCriteria {
    struct Bound {
        let metric: BehaviorSweepMetric
        let value: Double
    }

    var band = 0.5
    /// The reported metrics, in column order: the `--metric`s (every body's six when none
    /// is given), then any constrained or objective metric not among them.
    var metrics: [BehaviorSweepMetric] = []
    var maxima: [Bound] = []
    var minima: [Bound] = []
    var objective: BehaviorSweepMetric

    /// Reads the options; `recorded` are the bodies with rows, in row order, and whether
    /// their rows carry an interaction's state (which `dismissed` reads).
    static func parse(
        band: Double?, metrics metricTexts: [String], maxima maxTexts: [String], minima minTexts: [String],
        objective objectiveText: String?, recorded: [(id: String, hasState: Bool)], gestures: Bool = false
    ) throws(CommandLineError) -> BehaviorSweepCriteria {
        let ids = recorded.map(\.id)
        let band = band ?? 0.5
        guard band > 0 else { throw CommandLineError("--band must be > 0 points, got \(JSONValue.format(band))") }
        var metrics: [BehaviorSweepMetric] = []
        for text in metricTexts {
            let metric = try BehaviorSweepMetric(parsing: text, option: "--metric", ids: ids, gestures: gestures)
            if !metrics.contains(metric) { metrics.append(metric) }
        }
        if metrics.isEmpty, gestures {
            metrics = GestureCorpusMetric.allCases.map { BehaviorSweepMetric(gestures: $0) }
        } else if metrics.isEmpty {
            metrics = recorded.flatMap { body in
                BodyMotionMetrics.Kind.allCases.filter { $0 != .dismissed || body.hasState }
                    .map { BehaviorSweepMetric(id: body.id, kind: $0) }
            }
        }
        func bounds(_ texts: [String], _ option: String) throws(CommandLineError) -> [Bound] {
            var result: [Bound] = []
            for text in texts {
                guard let equals = text.lastIndex(of: "=") else {
                    throw CommandLineError("\(option): expected METRIC=VALUE (bodies.card.overshoot=2), got '\(text)'")
                }
                let metric = try BehaviorSweepMetric(parsing: String(text[..<equals]), option: option, ids: ids,
                                                     gestures: gestures)
                let value = try ArgumentList.parseNumber(String(text[text.index(after: equals)...]), option: "\(option) \(metric.name)")
                result.append(Bound(metric: metric, value: value))
            }
            return result
        }
        let maxima = try bounds(maxTexts, "--max")
        let minima = try bounds(minTexts, "--min")
        let objective: BehaviorSweepMetric
        if let objectiveText {
            objective = try BehaviorSweepMetric(parsing: objectiveText, option: "--objective", ids: ids, gestures: gestures)
        } else if let first = metricTexts.isEmpty ? nil : metrics.first {
            objective = first
        } else if gestures {
            // Both kinds of mistake count alike unless the user says otherwise.
            objective = BehaviorSweepMetric(gestures: .errors)
        } else {
            guard let id = ids.first else { throw CommandLineError("--scenario: the scenario records no body") }
            objective = BehaviorSweepMetric(id: id, kind: .settle)
        }
        for metric in maxima.map(\.metric) + minima.map(\.metric) + [objective] where !metrics.contains(metric) {
            metrics.append(metric)
        }
        return BehaviorSweepCriteria(band: band, metrics: metrics, maxima: maxima, minima: minima, objective: objective)
    }

    /// Whether a row's values meet every bound; a missing value meets none.
    func excludedBy(_ values: [Double?]) -> [String] {
        var reasons: [String] = []
        for bound in maxima {
            let value = values[metrics.firstIndex(of: bound.metric)!]
            if !(value.map { $0 <= bound.value } ?? false) { reasons.append("--max \(bound.metric.name)=\(JSONValue.format(bound.value))") }
        }
        for bound in minima {
            let value = values[metrics.firstIndex(of: bound.metric)!]
            if !(value.map { $0 >= bound.value } ?? false) { reasons.append("--min \(bound.metric.name)=\(JSONValue.format(bound.value))") }
        }
        return reasons
    }

    var objectiveColumn: Int { metrics.firstIndex(of: objective)! }

    var json: JSONValue {
        func bounds(_ list: [Bound]) -> JSONValue {
            .array(list.map { .object([("metric", .string($0.metric.name)), ("value", .number($0.value))]) })
        }
        return .object([
            ("band", .number(band)),
            ("metrics", .array(metrics.map { .string($0.name) })),
            ("max", bounds(maxima)),
            ("min", bounds(minima)),
            ("objective", .string(objective.name)),
        ])
    }

    /// Rebuilds the criteria of a JSON output (a merge's part).
    init(json: JSONValue, source: String) throws(CommandLineError) {
        func metric(_ value: JSONValue?) throws(CommandLineError) -> BehaviorSweepMetric {
            guard case let .string(text)? = value, let metric = BehaviorSweepMetric.named(text) else {
                throw CommandLineError("\(source): settings name no known metric")
            }
            return metric
        }
        func bounds(_ key: String) throws(CommandLineError) -> [Bound] {
            guard case let .array(items)? = json[key] else { throw CommandLineError("\(source): settings have no \(key)") }
            var result: [Bound] = []
            for item in items {
                guard case let .number(value)? = item["value"] else { throw CommandLineError("\(source): a \(key) bound has no value") }
                result.append(Bound(metric: try metric(item["metric"]), value: value))
            }
            return result
        }
        guard case let .number(band)? = json["band"], case let .array(names)? = json["metrics"] else {
            throw CommandLineError("\(source): settings have no band or metrics")
        }
        self.band = band
        metrics = []
        for name in names { metrics.append(try metric(name)) }
        maxima = try bounds("max")
        minima = try bounds("min")
        objective = try metric(json["objective"])
        guard metrics.contains(objective), (maxima + minima).allSatisfy({ metrics.contains($0.metric) }) else {
            throw CommandLineError("\(source): settings constrain a metric they do not report")
        }
    }

    init(band: Double, metrics: [BehaviorSweepMetric], maxima: [Bound], minima: [Bound], objective: BehaviorSweepMetric) {
        self.band = band
        self.metrics = metrics
        self.maxima = maxima
        self.minima = minima
        self.objective = objective
    }
}
