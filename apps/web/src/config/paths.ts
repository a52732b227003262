/** Every route of the app, defined once (spec section 2). `path` is for the router, `getHref` for links. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  signUp: { path: '/signup', getHref: () => '/signup' },
  forgotPassword: { path: '/passwordreset', getHref: () => '/passwordreset' },
  resetPassword: {
    path: '/password_reset/:token',
    getHref: (token: string) => `/password_reset/${encodeURIComponent(token)}`,
  },
  verifyEmail: {
    path: '/verify_email/:token',
    getHref: (token: string) => `/verify_email/${encodeURIComponent(token)}`,
  },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  about: { path: '/about', getHref: () => '/about' },
  /** The selected field is in the query: `/fields?field=<uuid>`. */
  fields: {
    path: '/fields',
    getHref: (uuid?: string) => (uuid ? `/fields?field=${encodeURIComponent(uuid)}` : '/fields'),
  },
  fieldNew: { path: '/fields/new', getHref: () => '/fields/new' },
  users: { path: '/users', getHref: () => '/users' },
  shoots: { path: '/shoots', getHref: () => '/shoots' },
  companies: { path: '/Companies', getHref: () => '/Companies' },
  cart: { path: '/cart', getHref: () => '/cart' },
  /** The selected order is in the query: `/orders?order=<uuid>` (also on `/profile/orders`). */
  orders: {
    path: '/orders',
    getHref: (uuid?: string) => (uuid ? `/orders?order=${encodeURIComponent(uuid)}` : '/orders'),
  },
  /** Coupons administration (AdminOrders:update), linked from the Orders screen. */
  adminCoupons: { path: '/admin/coupons', getHref: () => '/admin/coupons' },
  profile: {
    root: { path: '/profile', getHref: () => '/profile/' },
    company: { path: '/profile/company', getHref: () => '/profile/company' },
    orders: {
      path: '/profile/orders',
      getHref: (uuid?: string) =>
        uuid ? `/profile/orders?order=${encodeURIComponent(uuid)}` : '/profile/orders',
    },
    addressBook: { path: '/profile/address-book', getHref: () => '/profile/address-book' },
    settings: { path: '/profile/settings', getHref: () => '/profile/settings' },
    about: { path: '/profile/about', getHref: () => '/profile/about' },
  },
  termsOfService: { path: '/terms-of-service', getHref: () => '/terms-of-service' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  paymentMethods: { path: '/payment-methods', getHref: () => '/payment-methods' },
} as const;
