#!/usr/bin/env python3
"""Writes embed/onnx/testdata/golden.json: reference embeddings for the Go
ONNX embedder.

The reference pipeline is independent of the Go code: Hugging Face
`tokenizers` reads the same tokenizer.json, Python `onnxruntime` runs the
same model.onnx, then mean pooling over the attention mask and L2
normalisation, as sentence-transformers does for all-MiniLM-L6-v2.

Each text is encoded on its own (no padding) and truncated to MAX_SEQ_LEN
tokens including [CLS] and [SEP]. The tokenizer.json shipped with the model
pads and truncates to 128; both are overridden here, as in the Go code.

Usage:
    pip install -r tools/golden/requirements.txt
    eval "$(scripts/install-model.sh)"
    python tools/golden/golden.py [--model-dir DIR] [--out FILE]
"""

import argparse
import json
import os
import pathlib

import numpy as np
import onnxruntime
import tokenizers

MAX_SEQ_LEN = 256

LONG_TEXT = " ".join(
    [
        "The Rijksmuseum in Amsterdam holds paintings by Rembrandt, Vermeer and",
        "Frans Hals, Delftware, ship models, weapons and costumes, and its library",
        "is the largest public art history research library in the Netherlands.",
    ]
    * 12
)

SENTENCES = [
    "Rijksmuseum",
    "Rijksmuseum Amsterdam",
    "British Library",
    "Deutsches Museum München",
    "Koninklijke Bibliotheek, Den Haag",
    "Which museums in Amsterdam were founded before 1900?",
    "How many archives are there in Utrecht?",
    "Who founded the Ashmolean Museum in Oxford?",
    "Welche Museen in Berlin haben eine Gemäldesammlung?",
    "Wann wurde das Germanische Nationalmuseum in Nürnberg gegründet?",
    "Het Nationaal Archief bewaart overheidsarchieven in Den Haag.",
    "Welke bibliotheken in Leiden hebben middeleeuwse handschriften?",
    "Musée d'Orsay, Paris: Impressionnisme et post-impressionnisme à l'époque",
    "Ærøskøbing Museum, Søndergade – Æblegården; Dvořák and Łódź, São Paulo",
    "Stadsarchief Amsterdam (ISIL NL-AsdSAA), Vijzelstraat 32",
    "natural history museum with dinosaur skeletons",
    "archive of the Dutch East India Company (VOC), 1602-1799",
    "東京国立博物館 Tokyo National Museum",
    "   mixed\tWHITESPACE and CAPITALS\n  ",
    LONG_TEXT,
    "",
]


def main() -> None:
    root = pathlib.Path(__file__).resolve().parents[2]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--model-dir",
        default=os.environ.get(
            "HYBRIDRAG_MODEL_DIR", str(root / ".tools/models/all-MiniLM-L6-v2")
        ),
    )
    parser.add_argument(
        "--out", default=str(root / "embed/onnx/testdata/golden.json")
    )
    args = parser.parse_args()
    model_dir = pathlib.Path(args.model_dir)

    tok = tokenizers.Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tok.no_padding()
    tok.enable_truncation(max_length=MAX_SEQ_LEN)

    opts = onnxruntime.SessionOptions()
    opts.intra_op_num_threads = 1
    sess = onnxruntime.InferenceSession(
        str(model_dir / "model.onnx"), opts, providers=["CPUExecutionProvider"]
    )
    input_names = {i.name for i in sess.get_inputs()}

    cases = []
    for text in SENTENCES:
        enc = tok.encode(text)
        ids = np.array([enc.ids], dtype=np.int64)
        mask = np.array([enc.attention_mask], dtype=np.int64)
        feed = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in input_names:
            feed["token_type_ids"] = np.array([enc.type_ids], dtype=np.int64)
        (hidden,) = sess.run(["last_hidden_state"], feed)
        m = mask[..., None].astype(np.float32)
        pooled = (hidden * m).sum(axis=1) / np.clip(m.sum(axis=1), 1e-9, None)
        vec = pooled[0] / max(np.linalg.norm(pooled[0]), 1e-12)
        cases.append(
            {
                "text": text,
                "token_ids": enc.ids,
                "vector": [round(float(x), 7) for x in vec],
            }
        )

    doc = {
        "model": "all-MiniLM-L6-v2",
        "max_seq_len": MAX_SEQ_LEN,
        "pooling": "mean",
        "normalize": "l2",
        "onnxruntime": onnxruntime.__version__,
        "tokenizers": tokenizers.__version__,
        "cases": cases,
    }
    out = pathlib.Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
    print(f"wrote {len(cases)} cases to {out}")


if __name__ == "__main__":
    main()
