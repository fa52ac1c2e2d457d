"""The report of the bench's concurrency curve and long session: ratios to bm25-turns, targets, the table's lines."""

BASELINE = "bm25-turns"
# The performance issue's targets for these phases, memory service over gRPC, per store.
CURVE_CLIENTS = 32
CURVE_MIN_CALLS_PER_S = 600.0
CURVE_P95_MAX_MS = 100.0
SCALE_TURNS = 1_000_000
SCALE_ASSEMBLE_P95_MAX_MS = 50.0


def _ratio(a: float, b: float) -> float | None:
    return round(a / b, 3) if a and b else None


def with_ratios(curve: list[dict], scale: list[dict]) -> tuple[list[dict], list[dict]]:
    """curve and scale rows, each memory row given its ratios to bm25-turns of the same run
    (at the same client count; on the same session), None where there is no baseline to divide by."""
    base_points = {p["clients"]: p for row in curve if row["store"] == BASELINE for p in row["points"]}
    for row in curve:
        if row["store"] == BASELINE:
            continue
        for point in [*row["points"], *([row["single_process"]] if row.get("single_process") else [])]:
            other = base_points.get(point["clients"])
            point["vs_bm25"] = {
                "calls_per_s": _ratio(point["calls_per_s"], other["calls_per_s"]) if other else None,
                "p95": _ratio(point["latency"].get("p95", 0.0), other["latency"].get("p95", 0.0)) if other else None,
            }
    base = next((row for row in scale if row["store"] == BASELINE), None)
    for row in scale:
        if row["store"] == BASELINE:
            continue
        row["vs_bm25"] = {
            "ingest_events_per_s": _ratio(row["ingest"]["events_per_s"], base["ingest"]["events_per_s"]) if base else None,
            "retrieve_p95": _ratio(_p95(row, "retrieve"), _p95(base, "retrieve")) if base else None,
            "assemble_p95": _ratio(_p95(row, "assemble"), _p95(base, "assemble")) if base else None,
        }
    return curve, scale


def _p95(row: dict, op: str) -> float:
    return row["latency"][op].get("p95", 0.0)


def targets(curve: list[dict], scale: list[dict]) -> list[dict]:
    """The curve's and the long session's targets per memory store; pass is never a reason to fail."""
    out: list[dict] = []

    def add(store: str, name: str, op: str, limit: float, measured: float, unit: str) -> None:
        ok = measured <= limit if op == "<=" else measured >= limit
        out.append({"store": store, "name": name, "op": op, "target": limit, "measured": round(measured, 3), "unit": unit, "pass": ok})

    for row in curve:
        if row["store"] == BASELINE or not row["points"]:
            continue
        point = next((p for p in row["points"] if p["clients"] == CURVE_CLIENTS), max(row["points"], key=lambda p: p["clients"]))
        n = point["clients"]
        add(row["store"], f"{n} clients: mixed calls/s", ">=", CURVE_MIN_CALLS_PER_S, point["calls_per_s"], "calls/s")
        add(row["store"], f"{n} clients: p95 of the mixed calls", "<=", CURVE_P95_MAX_MS, point["latency"].get("p95", 0.0), "ms")
    for row in scale:
        if row["store"] != BASELINE:
            add(
                row["store"],
                f"Assemble p95, one {row['turns']:,}-turn session",
                "<=",
                SCALE_ASSEMBLE_P95_MAX_MS,
                _p95(row, "assemble"),
                "ms",
            )
    return out


def single_process_lines(doc: dict) -> list[str]:
    """What one memory process reached at the curve's largest client count, beside the targets' server."""
    lines = []
    for row in doc.get("concurrency") or []:
        if single := row.get("single_process"):
            lines.append(
                f"  one process (MEMORY_PROCESSES=1), {row['store']}, {single['clients']} clients: {single['calls_per_s']:,.0f} calls/s,"
                f" p95 {single['latency'].get('p95', 0.0):,.1f} ms (the targets above: MEMORY_PROCESSES {row['workers']})"
            )
    return lines


# --- the human table ------------------------------------------------------------------------------
def _pcts(stats: dict) -> str:
    if not stats.get("n"):
        return "-"
    text = f"{stats['p50']:.1f}/{stats['p95']:.1f}/{stats['p99']:.1f}"
    return text if stats.get("complete", True) else text + "*"


def _times(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}x"


def _mb(n: int) -> str:
    return f"{n / 1024 / 1024:,.0f} MB" if n >= 1024 * 1024 else f"{n / 1024:,.0f} kB"


CURVE_COLUMNS = [
    ("store", 10, "<"),
    ("workers", 7, ">"),
    ("clients", 7, ">"),
    ("calls/s", 8, ">"),
    ("p50/p95/p99 ms", 18, ">"),
    ("errors", 6, ">"),
    ("client CPU", 10, ">"),
    ("server CPU", 10, ">"),
    ("procs", 5, ">"),
    ("calls/s vs bm25", 15, ">"),
    ("p95 vs bm25", 11, ">"),
]


def _line(cells: list[str], columns) -> str:
    return "  ".join(f"{cell:{align}{width}}" for cell, (_, width, align) in zip(cells, columns, strict=True)).rstrip()


def _curve_row(store: str, workers: str, point: dict) -> list[str]:
    versus = point.get("vs_bm25") or {}
    return [
        store,
        workers,
        str(point["clients"]),
        f"{point['calls_per_s']:,.0f}",
        _pcts(point["latency"]),
        str(sum(point["errors"].values())),
        f"{point['client_cpu_cores']:.2f}",
        f"{point['server_cpu_cores']:.2f}",
        str(point["server_processes"]),
        _times(versus.get("calls_per_s")),
        _times(versus.get("p95")),
    ]


def curve_lines(doc: dict) -> list[str]:
    curve = doc.get("concurrency") or []
    if not curve:
        return []
    cfg = doc["config"]["concurrency"]
    mix = " / ".join(f"{share:.0%} {op}" for op, share in cfg["mix"].items())
    lines = [
        "",
        f"Concurrency curve: {cfg['sessions']} sessions of {cfg['session_turns']:,} turns, {mix} (append = {cfg['append_events']} events),"
        f" {cfg['seconds_per_point']:g} s per client count; clients are threads of the bench process, one connection each",
        "workers = MEMORY_PROCESSES of the memory server (default: the service's own); CPU in cores busy (bench process = clients; server = its process tree);"
        " latency of every call in ms; vs bm25 = this / bm25-turns at the same client count",
        _line([name for name, _, _ in CURVE_COLUMNS], CURVE_COLUMNS),
    ]
    return lines + [_line(cells, CURVE_COLUMNS) for cells in curve_rows(doc)]


def curve_rows(doc: dict) -> list[list[str]]:
    """The curve's table rows (headers: CURVE_COLUMNS), a single-process row after its store's curve."""
    rows = []
    for row in doc.get("concurrency") or []:
        rows += [_curve_row(row["store"], row["workers"], point) for point in row["points"]]
        if row.get("single_process"):
            rows.append(_curve_row(row["store"], "1", row["single_process"]))
    return rows


SCALE_COLUMNS = [
    ("store", 10, "<"),
    ("events sent", 11, ">"),
    ("ingest ev/s", 11, ">"),
    ("ingest time", 11, ">"),
    ("store size", 10, ">"),
    ("server RSS", 10, ">"),
    ("Retrieve ms", 17, ">"),
    ("Assemble ms", 17, ">"),
    ("ingest vs bm25", 14, ">"),
    ("Assemble p95 vs bm25", 20, ">"),
]


def _scale_row(row: dict) -> list[str]:
    ingest, foot, versus = row["ingest"], row["footprint"], row.get("vs_bm25") or {}
    size = foot.get("store_bytes")
    return [
        row["store"],
        f"{ingest['events']:,}" + ("" if ingest["complete"] else "*"),
        f"{ingest['events_per_s']:,.0f}",
        f"{ingest['seconds']:,.0f} s",
        _mb(size) if size is not None else "-",
        _mb(foot.get("server_rss_after_ingest_bytes", 0)),
        _pcts(row["latency"]["retrieve"]),
        _pcts(row["latency"]["assemble"]),
        _times(versus.get("ingest_events_per_s")),
        _times(versus.get("assemble_p95")),
    ]


def scale_lines(doc: dict) -> list[str]:
    scale = doc.get("scale") or []
    if not scale:
        return []
    cfg = doc["config"]["scale"]
    made = (
        f"the {cfg['base_turns']:,}-turn long-haul session with filler between its events"
        if cfg["turns"] > cfg["base_turns"]
        else "long-haul"
    )
    lines = [
        "",
        f"One long session: {cfg['turns']:,} turns ({made}), batches of {doc['config']['batch_events']}, over gRPC; {doc['config']['queries']} timed calls per op",
        "store size = SQLite db+wal or Redis used_memory growth; bm25-turns keeps everything in its RSS;"
        " * = ingest stopped by its time budget; vs bm25 = this / bm25-turns",
        _line([name for name, _, _ in SCALE_COLUMNS], SCALE_COLUMNS),
    ]
    return lines + [_line(_scale_row(row), SCALE_COLUMNS) for row in scale]


def scale_rows(doc: dict) -> list[list[str]]:
    """The long session's table rows (headers: SCALE_COLUMNS)."""
    return [_scale_row(row) for row in doc.get("scale") or []]
