# Verifies a jpio checkpoint directory with Python alone: the manifest by Python's json, its own
# CRC32C, every block of every array file by a CRC32C written here (table-driven, bit-reflected
# Castagnoli polynomial 0x82F63B78), and every array by numpy.load. A version-2 checkpoint of datasets
# in one HDF5 file is read by h5py: each dataset's dtype, shape and offset as the manifest says, the
# blocks of the bytes h5py reads against the manifest's data checksums, the file's bytes outside the
# datasets against outside_data_crc32c, and the root group's attributes (step and the checkpoint's)
# against the manifest's. Prints "ok NAMES"; fails otherwise.
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
assert m['format'] == 'jpio-checkpoint' and m['version'] in (1, 2), (m['format'], m['version'])
cut = text.rindex(b'  "manifest_crc32c": "')
assert '%08x' % crc32c(text[:cut]) == m['manifest_crc32c'], 'manifest crc'


def attribute(v):
    if v['type'] == 'double' and isinstance(v['value'], str):
        return float(v['value']) if 'bits' not in v else np.frombuffer(int(v['bits'], 16).to_bytes(8, 'little'), '<f8')[0]
    return v['value']


def same(got, want):
    if isinstance(got, bytes):
        got = got.decode('utf-8')
    if isinstance(want, float) and np.isnan(want):
        return np.float64(got).tobytes() == np.float64(want).tobytes()
    return got == want and type(want)(got) == want


for f in m.get('files', []):
    import h5py
    path = d + '/' + f['file']
    data = bytearray(open(path, 'rb').read())
    assert len(data) == f['file_size'], (f['file'], len(data))
    ranges = sorted((a['data_position'], int(np.prod(a['shape'], dtype=np.int64)) * np.dtype(a['dtype']).itemsize)
                    for a in m['arrays'] if a['file'] == f['file'])
    outside, at = b'', 0
    for pos, n in ranges:
        outside += bytes(data[at:pos])
        at = max(at, pos + n)
    outside += bytes(data[at:])
    assert '%08x' % crc32c(outside) == f['outside_data_crc32c'], ('metadata crc', f['file'])
    with h5py.File(path, 'r') as h:
        want = {'step': m['step']}
        want.update({k: attribute(v) for k, v in m['attributes'].items()})
        assert sorted(h.attrs.keys()) == sorted(want.keys()), (list(h.attrs.keys()), list(want.keys()))
        for k, v in want.items():
            assert same(h.attrs[k], v), (k, h.attrs[k], v)
        for a in m['arrays']:
            ds = h[a['dataset']]
            assert list(ds.shape) == a['shape'] and ds.dtype == np.dtype(a['dtype']), (a['name'], ds.shape, ds.dtype)
            assert ds.id.get_offset() == a['data_position'] or ds.size == 0, (a['name'], ds.id.get_offset())
            raw = ds[()].astype(np.dtype(a['dtype'])).tobytes() if ds.size else b''
            bs = a['block_size']
            got = ['%08x' % crc32c(raw[k:k + bs]) for k in range(0, len(raw), bs)]
            assert a['crc32c_of'] == 'data' and got == a['crc32c'], (a['name'], got[:4], a['crc32c'][:4])
    print('ok', ' '.join(a['name'] for a in m['arrays']))
    sys.exit(0)

for a in m['arrays']:
    data = open(d + '/' + a['file'], 'rb').read()
    assert len(data) == a['file_size'], (a['name'], len(data))
    bs = a['block_size']
    got = ['%08x' % crc32c(data[k:k + bs]) for k in range(0, len(data), bs)]
    assert got == a['crc32c'], (a['name'], got[:4], a['crc32c'][:4])
    arr = np.load(d + '/' + a['file'])
    assert list(arr.shape) == a['shape'] and arr.dtype == np.dtype(a['dtype']), (a['name'], arr.shape, arr.dtype)
print('ok', ' '.join(a['name'] for a in m['arrays']))
