import path from 'node:path'
import type { Config } from '../config.js'
import type { FileStorage } from './file-storage.js'
import { createLocalFileStorage } from './local-file-storage.js'
import { createS3FileStorage } from './s3-file-storage.js'

/** The bucket named by the S3_* settings, or else the folder DATA_DIR/uploads (served at /media/). */
export function createFileStorage(config: Pick<Config, 's3' | 'dataDir'>): FileStorage {
  return config.s3 ? createS3FileStorage(config.s3) : createLocalFileStorage(path.join(config.dataDir, 'uploads'))
}
