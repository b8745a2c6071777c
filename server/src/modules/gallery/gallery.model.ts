import { Schema, model } from 'mongoose';

const galleryItemSchema = new Schema(
  {
    imageKey: { type: String, required: true },
  },
  { timestamps: true },
);
galleryItemSchema.index({ createdAt: 1, _id: 1 });

export const GalleryItem = model('GalleryItem', galleryItemSchema);
