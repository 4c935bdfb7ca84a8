import path from 'node:path'
import type { FileStorage } from './file-storage.js'
import { createLocalFileStorage } from './local-file-storage.js'
import { createS3FileStorage, type S3Settings } from './s3-file-storage.js'

/** The bucket named by the S3_* settings, or else the folder DATA_DIR/uploads (served at /media/). */
export function createFileStorage(config: { s3: S3Settings | null; dataDir: string }): FileStorage {
  return config.s3 ? createS3FileStorage(config.s3) : createLocalFileStorage(path.join(config.dataDir, 'uploads'))
}
