import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { toast } from 'sonner';
import {
  COUPON_HOLD_MINUTES,
  COUPON_LAPSED_REFUNDED,
  CURRENCY,
  MESSAGES,
  RECEIPT_MAX_LENGTH,
  rupeesToPaise,
  splitAddress,
  unitPrice,
  type CartResponse,
  type CouponQuote,
  type PaymentOrderResponse,
  type UserProfile,
} from '@kesh/shared';
import { createOrder, createPaymentOrder, placeCodOrder, verifyPayment } from '../../api/payments';
import { serverReason } from '../../api/http';
import { useSession } from '../../state/session';
import { useShop } from '../../state/shop';
import { useMessageText } from '../../components/ui/useMessageText';
import { COUPON_NAMESPACE, couponRefusalText } from './coupon/CouponField';
import { loadCheckoutScript, type RazorpaySuccess } from './razorpay';

/** Brand dark green for Razorpay's window (Tailwind brand-800). */
const THEME_COLOR = '#166534';

/** Spec section 3: the order payload carries the address as 'street, city, state - zip'. */
export function orderAddressLine(address: string): string {
  const { street, city, state, zipCode } = splitAddress(address);
  return city && state && zipCode ? `${street}, ${city}, ${state} - ${zipCode}` : address;
}

const reason = (err: unknown) => serverReason(err, err instanceof Error ? err.message : String(err));

export interface PayInput {
  cart: CartResponse;
  profile: UserProfile | undefined;
  /** The delivery address selected on the page. */
  address: string | null;
  /** The coupon the shopper applied; the server prices it again. */
  coupon?: CouponQuote | null;
}

/**
 * The checkout flow of spec section 4: create a payment order on the server, load Checkout.js (or
 * the offline simulator) when missing, open it, verify the payment, and confirm. One payment at a
 * time: a second press while one is under way does nothing.
 */
export function usePayment() {
  const { t } = useTranslation('checkout');
  const { t: tCoupon } = useTranslation(COUPON_NAMESPACE);
  const { user, setCartCount } = useSession();
  const shop = useShop();
  const say = useMessageText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  // State updates land after a render; the ref closes the gap between two quick presses.
  const busy = useRef(false);

  const finish = useCallback(() => {
    busy.current = false;
    setPaying(false);
  }, []);

  /** What both ways of ordering check first; the shopper's token when the order may go ahead. */
  const readyToOrder = useCallback(
    (address: string | null): string | null => {
      if (busy.current) return null;
      if (!address) {
        toast.error(say(MESSAGES.selectDeliveryAddress));
        return null;
      }
      if (!user?.token) {
        toast.error(say(MESSAGES.userNotAuthenticated));
        navigate('/');
        return null;
      }
      return user.token;
    },
    [user, say, navigate],
  );

  /** The order exists (paid, or cash on delivery): the server emptied the cart together with creating it. */
  const placed = useCallback(
    (token: string) => {
      setCartCount(0);
      queryClient.setQueryData<CartResponse>(['cart', token], { items: [], cartCount: 0, totalAmount: 0 });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      setConfirmed(true);
      toast.success(say(MESSAGES.orderPlaced));
    },
    [queryClient, say, setCartCount],
  );

  /** Cash on delivery: one call places the order; each refusal comes back with its own message. */
  const placeCod = useCallback(
    async (address: string | null, coupon?: CouponQuote | null) => {
      const token = readyToOrder(address);
      if (!token || !address) return;
      busy.current = true;
      setPaying(true);
      try {
        await placeCodOrder(token, { address, ...(coupon ? { couponCode: coupon.code } : {}) });
      } catch (err) {
        toast.error(couponRefusalText(tCoupon, err) ?? say(reason(err)));
        void queryClient.invalidateQueries({ queryKey: ['cart', token] });
        return;
      } finally {
        finish();
      }
      placed(token);
    },
    [readyToOrder, say, queryClient, finish, placed, tCoupon],
  );

  const pay = useCallback(
    async ({ cart, profile, address, coupon }: PayInput) => {
      const token = readyToOrder(address);
      if (!token || !address || !user) return;
      const userId = user.userId ?? profile?._id;
      if (!userId) {
        toast.error(say(MESSAGES.userIdNotFound));
        navigate('/');
        return;
      }
      busy.current = true;
      setPaying(true);
      const deliveryAddress = orderAddressLine(address);

      let order: PaymentOrderResponse;
      try {
        order = await createPaymentOrder(token, {
          amount: coupon ? coupon.totalPaise : rupeesToPaise(cart.totalAmount),
          currency: CURRENCY,
          receipt: `receipt_${Date.now()}`.slice(0, RECEIPT_MAX_LENGTH),
          userId,
          // The whole saved address: the server reads its PIN (delivery check) and state (GST) from it.
          address,
          ...(coupon ? { couponCode: coupon.code } : {}),
        });
      } catch (err) {
        toast.error(MESSAGES.initiatePaymentFailed(couponRefusalText(tCoupon, err) ?? reason(err)));
        finish();
        return;
      }

      const Razorpay = (await loadCheckoutScript(order.mode ?? shop.paymentMode)) ? window.Razorpay : undefined;
      if (!Razorpay) {
        toast.error(say(MESSAGES.razorpaySdkFailed));
        finish();
        return;
      }

      const products = cart.items.map((item) => ({
        productId: item.productId._id,
        quantity: item.quantity,
        price: unitPrice(item.productId),
      }));
      const userDetails = {
        username: profile?.username ?? user.username,
        email: profile?.email ?? '',
        contact: profile?.contact ?? '',
        address: deliveryAddress,
      };

      const complete = async (payment: RazorpaySuccess) => {
        try {
          const result = await verifyPayment(token, {
            ...payment,
            userId,
            products,
            totalAmount: cart.totalAmount,
            userDetails,
          });
          if (!result.success) throw new Error(result.message);
          // Our server creates the order while verifying; the spec's separate call is the fallback.
          if (!result.order) {
            try {
              await createOrder(token, {
                userId,
                products,
                totalAmount: cart.totalAmount,
                userDetails,
                razorpay_order_id: payment.razorpay_order_id,
                razorpay_payment_id: payment.razorpay_payment_id,
              });
            } catch (err) {
              toast.error(MESSAGES.placeOrderFailed(reason(err)));
              return;
            }
          }
        } catch (err) {
          // A line sold out while the shopper paid, or the payment came after its coupon hold lapsed
          // and the coupon was used since: the server refunded the payment and says so.
          const soldOut = reason(err) === MESSAGES.soldOutRefunded;
          if (reason(err) === COUPON_LAPSED_REFUNDED) {
            toast.error(tCoupon('lapsedRefunded', { minutes: COUPON_HOLD_MINUTES }));
          } else toast.error(say(soldOut ? MESSAGES.soldOutRefunded : MESSAGES.paymentVerificationFailed));
          if (soldOut) void queryClient.invalidateQueries({ queryKey: ['cart', token] });
          return;
        } finally {
          finish();
        }
        placed(token);
      };

      new Razorpay({
        key: order.keyId || shop.razorpayKeyId || '',
        amount: order.amount,
        currency: order.currency ?? CURRENCY,
        order_id: order.id,
        name: shop.name,
        description: t('paymentDescription', { count: cart.cartCount }),
        prefill: { name: userDetails.username, email: userDetails.email, contact: userDetails.contact },
        theme: { color: THEME_COLOR },
        handler: (payment) => void complete(payment),
        modal: {
          ondismiss: () => {
            toast.info(say(MESSAGES.paymentCancelled));
            finish();
          },
        },
      }).open();
    },
    [user, shop, say, navigate, queryClient, readyToOrder, finish, placed, t, tCoupon],
  );

  return { pay, placeCod, paying, confirmed };
}
