# The README's two commands. Both install what is missing first (scripts/bootstrap.sh).
#   make demo   the main job: bin/jpio demo on in-JVM ranks
#   make test   every test: unit, property, multi-process and mpirun tests of all modules (Java 17, and a
#               Java 25 subset), then examples/consumer: a project that uses the installed jars as a user would
MVN ?= mvn -B --no-transfer-progress

.PHONY: demo test build bootstrap clean

bootstrap:
	bash scripts/bootstrap.sh

build: bootstrap
	$(MVN) -q install -DskipTests
	bash scripts/cds-archive.sh

demo: build
	bin/jpio demo

test: bootstrap
	$(MVN) install
	examples/consumer/run.sh
	@echo "jpio: all tests passed"

clean:
	$(MVN) clean
