import { Schema, model } from 'mongoose';

/**
 * A mail the shop has promised to send (an order confirmation with its invoice, a dispatch notice,
 * a refund) and not yet handed to the SMTP server. Written before the first try and deleted once the
 * server accepted it, so a restart, a crash or an SMTP outage delays a mail but does not lose it.
 * `failed` mails (every retry used) stay for the owner to see in the log and the database.
 */
const queuedMailSchema = new Schema(
  {
    to: { type: String, required: true },
    subject: { type: String, required: true },
    text: { type: String, required: true },
    html: { type: String },
    attachments: {
      type: [
        new Schema(
          {
            filename: { type: String, required: true },
            content: { type: Buffer, required: true },
            contentType: { type: String, required: true },
          },
          { _id: false },
        ),
      ],
      default: undefined,
    },
    /** What the mail is about (order id, event), for the log. */
    context: { type: Schema.Types.Mixed },
    status: { type: String, enum: ['queued', 'failed'], default: 'queued' },
    attempts: { type: Number, default: 0 },
    nextAttemptAt: { type: Date, required: true },
    /** Set while one process is sending it; another may take it over once this has passed. */
    claimedUntil: { type: Date, default: null },
    lastError: { type: String },
  },
  { timestamps: true },
);
queuedMailSchema.index({ status: 1, nextAttemptAt: 1 });

export const QueuedMail = model('QueuedMail', queuedMailSchema, 'mailqueue');
