"""The evaluation harness: replays fixtures through memory baselines over gRPC and scores them."""
