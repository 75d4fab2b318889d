// Model prices: the rows of a maintained price table, in force at a request's time.
export { PriceBook } from './price-book.js';
export { publishedPrices } from './published-prices.js';
export { publishedOrStandIn } from './stand-in.js';
