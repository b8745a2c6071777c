import { Schema, model } from 'mongoose';

const sliderSchema = new Schema(
  {
    title: { type: String, required: true, trim: true },
    description: { type: String, required: true, trim: true },
    /** Storage key of the image; the URL is derived when the slider is read. */
    imageKey: { type: String, default: null },
    /** Widths of the WebP variants stored beside the image (lib/image-variants); older documents have none. */
    imageVariants: { type: [Number], default: undefined },
    /**
     * 0 .. SLIDER_LIMIT-1. The unique index on slot is what makes the 3-slider limit hold when
     * two admins add at the same moment: a fourth insert can only collide, never slip in.
     */
    slot: { type: Number, required: true, min: 0 },
  },
  { timestamps: true },
);
sliderSchema.index({ slot: 1 }, { unique: true });

export const Slider = model('Slider', sliderSchema);
