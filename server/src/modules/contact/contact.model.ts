import { Schema, model } from 'mongoose';

const contactMessageSchema = new Schema(
  {
    name: { type: String, required: true },
    email: { type: String, required: true },
    phoneNo: { type: String, default: '' },
    subject: { type: String, default: '' },
    message: { type: String, required: true },
  },
  { timestamps: true },
);
// The inbox, newest first, a page at a time (a shop that had { createdAt: -1 } keeps it, unused).
contactMessageSchema.index({ createdAt: -1, _id: -1 });

export const ContactMessage = model('ContactMessage', contactMessageSchema);
