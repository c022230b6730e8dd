"""Plain BM25 with the bm25s library, set up as LlamaIndex's BM25Retriever
sets it up (English stop words, the PyStemmer English stemmer, bm25s's
default Lucene BM25 with k1 1.5 and b 0.75), over the records' full text.

    python bm25s_anchor.py CORPUS.jsonl OUT_DIR LABEL=QUESTIONS.jsonl...

writes OUT_DIR/LABEL.bm25s.jsonl with {"id", "top", "ms"}
per question, ms being the time of tokenizing and retrieving that one
question, as LlamaIndex's retriever does it per call.
"""
import json
import os
import sys
import time

import bm25s
import Stemmer


def main():
    corpus_path, out_dir, *question_sets = sys.argv[1:]
    ids, texts = [], []
    with open(corpus_path, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            ids.append(r["id"])
            texts.append(r["text"])
    stemmer = Stemmer.Stemmer("english")
    t = time.perf_counter()
    tokens = bm25s.tokenize(texts, stopwords="en", stemmer=stemmer, show_progress=False)
    retriever = bm25s.BM25()
    retriever.index(tokens, show_progress=False)
    print(f"# bm25s: indexed {len(ids)} records in {time.perf_counter() - t:.2f} s", file=sys.stderr)

    for qset in question_sets:
        label, qpath = qset.split("=", 1)
        out = os.path.join(out_dir, label + ".bm25s.jsonl")
        with open(qpath, encoding="utf-8") as f, open(out, "w", encoding="utf-8") as w:
            for line in f:
                q = json.loads(line)
                t = time.perf_counter()
                qt = bm25s.tokenize(q["question"], stopwords="en", stemmer=stemmer, show_progress=False)
                top = []
                if qt.vocab and len(qt.ids[0]) > 0:
                    docs, _ = retriever.retrieve(qt, k=10, show_progress=False, n_threads=1)
                    top = [ids[i] for i in docs[0]]
                ms = (time.perf_counter() - t) * 1000
                w.write(json.dumps({"id": q["id"], "top": top, "ms": ms}) + "\n")


if __name__ == "__main__":
    main()
