# Writes the h5py fixtures of H5CompatibilityTest (run: /usr/bin/python3 make_fixtures.py, in this directory).
# h5py 3.7.0 on HDF5 1.10.8 (Debian bookworm); h5py writes no modification times, so the bytes are reproducible.
import h5py
import numpy as np

with h5py.File('h5py_contiguous_le.h5', 'w') as f:
    f.create_dataset('x', data=(np.arange(6).reshape(2, 3) * 7 - 5).astype('<i4'))
    f.attrs['step'] = np.int64(7)
    f.attrs['time'] = 0.5
    f.attrs['units'] = 'm'
    f.attrs['flags'] = np.array([True, False, True])
    f.attrs['label'] = np.bytes_(b'fixed')
with h5py.File('h5py_contiguous_be.h5', 'w') as f:
    f.create_dataset('x', data=(np.arange(6) * 0.25 - 1).reshape(3, 2).astype('>f8'))
with h5py.File('h5py_chunked_deflate.h5', 'w') as f:
    f.create_dataset('g/y', data=(np.arange(30) * -3).reshape(6, 5).astype('<i2'), chunks=(2, 5), compression='gzip', compression_opts=4, shuffle=True)
with h5py.File('h5py_bool.h5', 'w') as f:
    f.create_dataset('b', data=np.array([True, False, False, True]))
with h5py.File('h5py_uint32.h5', 'w') as f:
    f.create_dataset('u', data=np.arange(3, dtype='<u4'))
