import { Schema, model } from 'mongoose';

const galleryItemSchema = new Schema(
  {
    imageKey: { type: String, required: true },
    /** Widths of the WebP variants stored beside the image (lib/image-variants); older documents have none. */
    imageVariants: { type: [Number], default: undefined },
  },
  { timestamps: true },
);
galleryItemSchema.index({ createdAt: 1, _id: 1 });

export const GalleryItem = model('GalleryItem', galleryItemSchema);
