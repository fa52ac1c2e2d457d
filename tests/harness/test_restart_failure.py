"""A memory process that does not come back from a scenario's restart is that baseline's failure,
reported in its run (no_pipeline_errors), not an uncaught exception that ends the evaluation."""

import os

from services.harness.client import Answerer, MemoryConnection
from services.harness.processes import ServiceProcess
from services.harness.replay import Replayer, prepare
from tests.harness.mini_fixture import long_haul


def test_a_failed_restart_is_recorded_in_the_run_and_the_replay_finishes(tmp_path, local_answerer):
    db = tmp_path / "memory.sqlite"
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMORY_")}
    memory = ServiceProcess("services.memory", "MEMORY_LISTEN", {**env, "MEMORY_DB": str(db)}, tmp_path / "memory.log", 20.0)
    memory.spawn()
    memory.wait_ready()

    def restart_onto_a_file_that_is_no_database():
        memory.stop()
        for path in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
            path.unlink(missing_ok=True)
        db.write_bytes(b"this is not an SQLite database\n" * 200)
        memory.spawn()
        memory.wait_ready()  # the service refuses the file and exits: StartError

    connection = MemoryConnection("memory", memory.address, 10.0, restart=restart_onto_a_file_that_is_no_database)
    answerer = Answerer(local_answerer.answerer.address, "deterministic", 10.0, local_answerer.credentials)
    scenario = long_haul()
    try:
        run = Replayer(connection, answerer).run(scenario, prepare(scenario))
    finally:
        connection.close()
        memory.stop()
    assert any(error.startswith("restart of memory failed") and "memory.sqlite" in error for error in run.errors), run.errors
    # The questions after the restart were still asked (and failed against the dead service).
    assert len(run.errors) > 1
