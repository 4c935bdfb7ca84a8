import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

/**
 * A real S3-compatible server (s3rver, over HTTP on an ephemeral port) with one empty bucket,
 * its objects in a temporary folder: uploads are tested against the protocol, not a stand-in.
 */
export async function startTestS3Server(bucket = 'funnelry-uploads') {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'funnelry-s3-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    /** The S3_* settings that point the app at this bucket. */
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      // s3rver's built-in credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    /** An object as a browser gets it, without credentials (the bucket's public address). */
    get: (key: string) => fetch(`${endpoint}/${bucket}/${key}`),
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
