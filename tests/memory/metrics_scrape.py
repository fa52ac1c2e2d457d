"""Scraping a metrics endpoint over HTTP, as Prometheus does, into {(name, labels): value}."""

import urllib.request

from prometheus_client.parser import text_string_to_metric_families


def scrape(port: int) -> dict[tuple[str, frozenset], float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as reply:
        assert reply.status == 200
        text = reply.read().decode()
    samples = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return samples


def value(samples: dict, name: str, **labels: str) -> float:
    """The sample's value; 0 when the series does not exist (a counter never incremented)."""
    return samples.get((name, frozenset(labels.items())), 0.0)
