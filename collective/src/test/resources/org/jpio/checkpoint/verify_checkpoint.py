# Verifies a jpio checkpoint directory with Python alone: the manifest by Python's json, its own
# CRC32C, every block of every array file by a CRC32C written here (table-driven, bit-reflected
# Castagnoli polynomial 0x82F63B78), and every array by numpy.load. Prints "ok NAMES"; fails otherwise.
# Usage: python3 verify_checkpoint.py CHECKPOINT_DIR
import json
import sys

import numpy as np


def table():
    t = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        t.append(c)
    return t


T = table()


def crc32c(b):
    c = 0xFFFFFFFF
    for x in b:
        c = T[(c ^ x) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


d = sys.argv[1]
text = open(d + '/manifest.json', 'rb').read()
m = json.loads(text)
assert m['format'] == 'jpio-checkpoint' and m['version'] == 1, m['format']
cut = text.rindex(b'  "manifest_crc32c": "')
assert '%08x' % crc32c(text[:cut]) == m['manifest_crc32c'], 'manifest crc'
for a in m['arrays']:
    data = open(d + '/' + a['file'], 'rb').read()
    assert len(data) == a['file_size'], (a['name'], len(data))
    bs = a['block_size']
    got = ['%08x' % crc32c(data[k:k + bs]) for k in range(0, len(data), bs)]
    assert got == a['crc32c'], (a['name'], got[:4], a['crc32c'][:4])
    arr = np.load(d + '/' + a['file'])
    assert list(arr.shape) == a['shape'] and arr.dtype == np.dtype(a['dtype']), (a['name'], arr.shape, arr.dtype)
print('ok', ' '.join(a['name'] for a in m['arrays']))
