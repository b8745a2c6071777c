import { mongo } from 'mongoose';
import { contentTypeOfKey, isStorageKey, newStorageKey, type ImageStorage } from './storage.js';

const BUCKET_NAME = 'images';

/**
 * Images in MongoDB GridFS, so that every server process behind a load balancer sees the same
 * files. The GridFS file name is the storage key; it is never taken from the client.
 */
// The driver copy mongoose connects with, so the Db of mongoose.connection fits without a cast.
export function createGridFsStorage(db: mongo.Db): ImageStorage {
  const bucket = new mongo.GridFSBucket(db, { bucketName: BUCKET_NAME });

  async function idsOf(key: string) {
    const files = await bucket.find({ filename: key }, { projection: { _id: 1 } }).toArray();
    return files.map((f) => f._id);
  }

  function write(key: string, data: Buffer, contentType: string) {
    return new Promise<void>((resolve, reject) => {
      const upload = bucket.openUploadStream(key, { metadata: { contentType } });
      upload.once('error', reject);
      upload.once('finish', () => resolve());
      upload.end(data);
    });
  }

  return {
    driver: 'gridfs',
    async save(data, ext, contentType) {
      const key = newStorageKey(data, ext);
      await write(key, data, contentType);
      return key;
    },
    async saveAs(key, data, contentType) {
      // Variant keys carry the original's random part, so a key is written once and never reused.
      if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
      await write(key, data, contentType);
    },
    async open(key) {
      if (!isStorageKey(key)) return null;
      const [file] = await bucket.find({ filename: key }).limit(1).toArray();
      if (!file) return null;
      const stored: unknown = file.metadata?.contentType;
      return {
        stream: bucket.openDownloadStream(file._id),
        size: file.length,
        contentType: typeof stored === 'string' ? stored : contentTypeOfKey(key),
      };
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      for (const id of await idsOf(key)) {
        try {
          await bucket.delete(id);
        } catch (err) {
          // Another process removed it between find and delete: the goal is reached.
          if (!(err instanceof mongo.MongoRuntimeError)) throw err;
        }
      }
    },
  };
}
