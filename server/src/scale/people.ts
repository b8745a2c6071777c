import { joinAddress, type LanguageCode } from '@kesh/shared';
import type { Random } from './random.js';

/** Where the shop's customers live: mostly Gujarat (the shop is in Rajkot), then the big cities. */
const PLACES = [
  { city: 'Rajkot', state: 'Gujarat', pin: 360001, weight: 16 },
  { city: 'Ahmedabad', state: 'Gujarat', pin: 380001, weight: 12 },
  { city: 'Surat', state: 'Gujarat', pin: 395001, weight: 7 },
  { city: 'Vadodara', state: 'Gujarat', pin: 390001, weight: 5 },
  { city: 'Jamnagar', state: 'Gujarat', pin: 361001, weight: 4 },
  { city: 'Bhavnagar', state: 'Gujarat', pin: 364001, weight: 3 },
  { city: 'Junagadh', state: 'Gujarat', pin: 362001, weight: 3 },
  { city: 'Mumbai', state: 'Maharashtra', pin: 400001, weight: 9 },
  { city: 'Pune', state: 'Maharashtra', pin: 411001, weight: 5 },
  { city: 'Nagpur', state: 'Maharashtra', pin: 440001, weight: 2 },
  { city: 'New Delhi', state: 'Delhi', pin: 110001, weight: 6 },
  { city: 'Bengaluru', state: 'Karnataka', pin: 560001, weight: 5 },
  { city: 'Hyderabad', state: 'Telangana', pin: 500001, weight: 4 },
  { city: 'Chennai', state: 'Tamil Nadu', pin: 600001, weight: 3 },
  { city: 'Kolkata', state: 'West Bengal', pin: 700001, weight: 3 },
  { city: 'Jaipur', state: 'Rajasthan', pin: 302001, weight: 4 },
  { city: 'Indore', state: 'Madhya Pradesh', pin: 452001, weight: 3 },
  { city: 'Lucknow', state: 'Uttar Pradesh', pin: 226001, weight: 3 },
  { city: 'Kochi', state: 'Kerala', pin: 682001, weight: 1 },
  { city: 'Chandigarh', state: 'Chandigarh', pin: 160001, weight: 2 },
] as const;

const FIRST_NAMES = [
  'Aarav', 'Aditi', 'Akash', 'Ananya', 'Anjali', 'Arjun', 'Bhavna', 'Chirag', 'Darshan', 'Deepa',
  'Dhruv', 'Divya', 'Gaurav', 'Hetal', 'Hiral', 'Ishaan', 'Jay', 'Jigna', 'Kajal', 'Karan',
  'Kavya', 'Krupa', 'Mahesh', 'Meera', 'Mihir', 'Nayan', 'Neha', 'Nidhi', 'Nirav', 'Pooja',
  'Priya', 'Rahul', 'Rajesh', 'Riya', 'Rohan', 'Sagar', 'Sneha', 'Sonal', 'Tanvi', 'Urvi',
  'Vaishali', 'Vikram', 'Yash', 'Zalak', 'Farhan', 'Sana', 'Gurpreet', 'Lakshmi', 'Suresh', 'Anita',
]; // prettier-ignore
const LAST_NAMES = [
  'Patel', 'Shah', 'Mehta', 'Desai', 'Joshi', 'Trivedi', 'Vyas', 'Parmar', 'Chauhan', 'Solanki',
  'Rathod', 'Jadeja', 'Gohil', 'Bhatt', 'Pandya', 'Sharma', 'Verma', 'Gupta', 'Iyer', 'Nair',
  'Reddy', 'Rao', 'Kulkarni', 'Deshmukh', 'Singh', 'Kaur', 'Khan', 'Das', 'Bose', 'Agarwal',
]; // prettier-ignore
const STREETS = [
  'Kalawad Road', 'Yagnik Road', 'Gondal Road', 'Race Course Road', 'University Road', 'Station Road',
  'MG Road', 'Nehru Nagar', 'Gandhi Chowk', 'Ring Road', 'Sardar Patel Marg', 'Laxmi Nagar',
]; // prettier-ignore

/** PIN prefixes where the owner offers cash on delivery (the delivery settings' COD areas). */
export const COD_PIN_PREFIXES = ['36', '38', '39', '40', '41'];

export interface Person {
  username: string;
  email: string;
  contact: string;
  address: string;
  pin: string;
  language: LanguageCode;
}

/** A customer as they signed up: name, a unique e-mail (by index), phone, address and store language. */
export function personOf(rng: Random, index: number): Person {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const place = rng.weighted(PLACES.map((p) => [p, p.weight] as const));
  const pin = String(place.pin + rng.int(0, 98));
  const street = `${rng.int(1, 250)}, ${rng.pick(STREETS)}`;
  const domain = rng.weighted([
    ['gmail.com', 70],
    ['yahoo.co.in', 12],
    ['outlook.com', 8],
    ['rediffmail.com', 5],
    ['example.in', 5],
  ] as const);
  const language = rng.weighted<LanguageCode>([
    ['en', place.state === 'Gujarat' ? 45 : 65],
    ['gu', place.state === 'Gujarat' ? 40 : 2],
    ['hi', 20],
    ['mr', place.state === 'Maharashtra' ? 25 : 2],
  ]);
  return {
    username: `${first} ${last}`,
    email: `${first}.${last}.${index}@${domain}`.toLowerCase(),
    contact: `${rng.pick(['6', '7', '8', '9'])}${String(rng.int(0, 999_999_999)).padStart(9, '0')}`,
    address: joinAddress({ street, city: place.city, state: place.state, country: 'India', zipCode: pin }),
    pin,
    language,
  };
}

const SUBJECTS = [
  'Order not received yet',
  'Which oil for hair fall?',
  'Bulk order for my salon',
  'Change delivery address',
  'Refund status',
  'Product suggestion',
  'Is the shampoo safe for children?',
  'Cash on delivery in my area',
  '',
];
const MESSAGE_LINES = [
  'Namaste, I ordered last week and wanted to know when it will reach me.',
  'My hair is falling a lot after the monsoon. Which of your oils should I use and how often?',
  'I run a small salon in my city and would like to buy 20 bottles every month. Do you give a discount?',
  'The bhringraj oil worked very well for my mother. Please tell me if you ship to Dubai.',
  'I was charged but the order page shows nothing. Please check.',
  'Can I use the hibiscus mask together with the amla shampoo?',
  'Please call me back on my number, I want to place an order by phone.',
  'The bottle leaked a little in transit, the rest is fine. Just letting you know.',
];

export function contactMessageOf(rng: Random, person: Person) {
  return {
    name: person.username,
    email: person.email,
    phoneNo: rng.chance(0.7) ? person.contact : '',
    subject: rng.pick(SUBJECTS),
    message: Array.from({ length: rng.int(1, 3) }, () => rng.pick(MESSAGE_LINES)).join(' '),
  };
}
