# Every target sets up what it needs: `make run` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PROTOS := $(shell find proto -name '*.proto')
GEN_STAMP := server/cosmodrome/v1/.generated

.PHONY: setup proto contract-lock run gateway test test-fast bench bench-cluster soak lint clean

setup: $(VENV)/.installed $(GEN_STAMP)

$(VENV)/.installed: pyproject.toml clients/python/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]' -e clients/python
	touch $@

# Generated code: produced here, never edited, never committed.
proto: $(GEN_STAMP)
$(GEN_STAMP): $(PROTOS) $(VENV)/.installed
	$(PY) -m cosmodrome.protogen
	touch $@

# Record the released contract; the tests refuse changes that break it.
contract-lock: setup
	$(PY) -m cosmodrome.contract --write

run: setup
	$(VENV)/bin/cosmodrome-server $(ARGS)

gateway: setup
	$(VENV)/bin/cosmodrome-gateway $(ARGS)

test: setup
	$(PY) -m pytest -q $(ARGS)

test-fast: setup
	$(PY) -m pytest -q -m "not slow" $(ARGS)

bench: setup
	$(PY) -m bench.run $(ARGS)

# What acknowledging a move only once a replica holds it costs, on a loopback Valkey Cluster.
bench-cluster: setup
	$(PY) -m bench.cluster $(ARGS)

# Many full games of every hosted game over gRPC, bots on all seats, each checked.
soak: setup
	$(PY) -m bench.soak $(ARGS)

lint: setup
	$(VENV)/bin/ruff check server clients tests bench

clean:
	rm -rf $(VENV) data
	find server -name '*_pb2*.py*' -delete
	rm -f $(GEN_STAMP)
