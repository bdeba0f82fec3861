import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FileStorage, StoredObject } from './file-storage';

export type S3Options = {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
};

/** S3-compatible object storage (AWS, MinIO, R2 …), streamed with multipart upload. */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: true,
      credentials: { accessKeyId: options.accessKey, secretAccessKey: options.secretKey },
    });
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<StoredObject> {
    let size = 0;
    const counted = Buffer.isBuffer(body)
      ? body
      : body.map((chunk: Buffer) => {
          size += chunk.length;
          return chunk;
        });
    if (Buffer.isBuffer(body)) size = body.length;
    await new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: key, Body: counted, ContentType: contentType },
    }).done();
    return { size };
  }

  async get(key: string): Promise<Readable> {
    const answer = await this.client.send(
      new GetObjectCommand({ Bucket: this.options.bucket, Key: key }),
    );
    if (!(answer.Body instanceof Readable)) throw new Error(`no body for ${key}`);
    return answer.Body;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return true;
    } catch (error) {
      // Only "not there" is false; an unreachable or misconfigured store is an error, not absence.
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return false;
      throw error;
    }
  }
}
