# Every target sets up what it needs: `make run` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PROTOS := $(shell find proto -name '*.proto')
GEN_STAMP := server/cosmodrome/v1/.generated

.PHONY: setup proto contract-lock run edge test test-fast bench soak lint clean client-wheel

setup: $(VENV)/.installed $(GEN_STAMP)

$(VENV)/.installed: pyproject.toml clients/python/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]' -e clients/python
	touch $@

# Generated code: produced here, never edited, never committed.
proto: $(GEN_STAMP)
$(GEN_STAMP): $(PROTOS) $(VENV)/.installed server/cosmodrome/protogen.py server/cosmodrome/edge/openapi.py
	$(PY) -m cosmodrome.protogen
	touch $@

# The Python client's wheel, generated contract inside (installs without the server).
client-wheel: setup
	$(PY) -m pip wheel --quiet --no-deps -w dist clients/python
	@ls dist/cosmodrome_client-*.whl

# Record the released contract; the tests refuse changes that break it.
contract-lock: setup
	$(PY) -m cosmodrome.contract --write

# gRPC on :50051 and, through the Envoy edge, HTTP (REST/JSON, SSE, gRPC-Web) on :8080
run: setup
	$(VENV)/bin/cosmodrome-server --http-port 8080 $(ARGS)

# The edge alone, in front of replicas started elsewhere (ARGS: --upstream HOST:PORT ...)
edge: setup
	$(VENV)/bin/cosmodrome-edge $(ARGS)

test: setup
	$(PY) -m pytest -q $(ARGS)

test-fast: setup
	$(PY) -m pytest -q -m "not slow" $(ARGS)

bench: setup
	$(PY) -m bench.run $(ARGS)

# Many full games of every hosted game over gRPC, bots on all seats, each checked.
soak: setup
	$(PY) -m bench.soak $(ARGS)

lint: setup
	$(VENV)/bin/ruff check server clients tests bench

clean:
	rm -rf $(VENV) data dist clients/python/build
	find server -name '*_pb2*.py*' -delete
	rm -f server/cosmodrome/v1/contract.pb server/cosmodrome/v1/openapi.json
	rm -f $(GEN_STAMP)
