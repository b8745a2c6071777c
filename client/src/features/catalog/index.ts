/** What other features may use from the catalogue (home's featured products, the cart page). */
export { ProductCard, ProductGridSkeleton } from './ProductCard';
export { StockNote } from './ProductBits';
export { toProductCard, type ProductCardData } from './productCard';
export { useAddToCart } from './useAddToCart';
export { useFeaturedProducts, productsErrorText } from './useProducts';
