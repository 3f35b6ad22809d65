/** Small built-in word lists for synthetic names and places (no faker). */

export const FIRST_NAMES = [
  'Aaron', 'Abigail', 'Adrian', 'Aisha', 'Alan', 'Alicia', 'Amara', 'Andre', 'Angela', 'Arjun', 'Beatriz', 'Benjamin',
  'Bianca', 'Brandon', 'Caleb', 'Camila', 'Carlos', 'Chen', 'Chloe', 'Daniel', 'Dante', 'Deepa', 'Diana', 'Dmitri',
  'Elena', 'Elijah', 'Emeka', 'Emily', 'Farah', 'Felix', 'Fiona', 'Gabriel', 'Grace', 'Hana', 'Hassan', 'Helen',
  'Hugo', 'Imani', 'Isaac', 'Ivy', 'Jamal', 'Jasmine', 'Javier', 'Julia', 'Kai', 'Keisha', 'Kenji', 'Laila', 'Leon',
  'Lucia', 'Malik', 'Maria', 'Mateo', 'Maya', 'Mei', 'Nadia', 'Nathan', 'Nina', 'Omar', 'Olivia', 'Pablo', 'Priya',
  'Quinn', 'Rafael', 'Rosa', 'Ryan', 'Samir', 'Sara', 'Sofia', 'Tariq', 'Tessa', 'Thomas', 'Uma', 'Victor', 'Wei',
  'Yara', 'Yusuf', 'Zoe',
] as const;

export const LAST_NAMES = [
  'Abbott', 'Adeyemi', 'Alvarez', 'Andersen', 'Bakshi', 'Barros', 'Bennett', 'Brooks', 'Campbell', 'Castillo', 'Chang',
  'Chowdhury', 'Costa', 'Dalton', 'Delgado', 'Dubois', 'Edwards', 'Eriksen', 'Farouk', 'Fischer', 'Fontaine', 'Garcia',
  'Gupta', 'Hale', 'Haddad', 'Hoffman', 'Ibrahim', 'Ito', 'Jensen', 'Kaur', 'Kim', 'Kowalski', 'Lambert', 'Lopez',
  'Mahmoud', 'Marsh', 'Mendes', 'Moreau', 'Nakamura', 'Novak', 'Nwosu', 'Okafor', 'Olsen', 'Patel', 'Petrov', 'Quinteros',
  'Ramos', 'Reyes', 'Rossi', 'Sato', 'Schmidt', 'Silva', 'Singh', 'Sullivan', 'Tanaka', 'Torres', 'Turner', 'Varga',
  'Vasquez', 'Wagner', 'Walsh', 'Wang', 'Whitaker', 'Yilmaz', 'Young', 'Zhang', 'Zimmerman',
] as const;

export const BUSINESS_FIRST = [
  'Atlas', 'Blue Harbor', 'Bright', 'Cedar', 'Copper', 'Crescent', 'Evergreen', 'Falcon', 'Golden Gate', 'Granite',
  'Harbor Point', 'Highland', 'Iron', 'Juniper', 'Keystone', 'Lakeside', 'Liberty', 'Maple', 'Meridian', 'Northstar',
  'Oak Ridge', 'Pacific', 'Pinnacle', 'Prairie', 'Redwood', 'Riverbend', 'Silver', 'Summit', 'Sunrise', 'Trident',
  'Union', 'Vista', 'Westfield', 'Willow',
] as const;

export const BUSINESS_SECOND = [
  'Auto Repair', 'Bakery', 'Builders', 'Café', 'Cleaning', 'Consulting', 'Dental', 'Electric', 'Fitness', 'Foods',
  'Freight', 'Furniture', 'Imports', 'Landscaping', 'Laundromat', 'Logistics', 'Market', 'Motors', 'Pharmacy',
  'Plumbing', 'Printing', 'Properties', 'Restaurant Group', 'Salon', 'Software', 'Supply', 'Textiles', 'Trading',
  'Travel', 'Wholesale', 'Wireless',
] as const;

export const BUSINESS_SUFFIX = ['LLC', 'Inc.', 'Co.', 'Ltd.', 'Group', 'Partners'] as const;

export const ORG_TYPES = ['LLC', 'CORPORATION', 'SOLE_PROPRIETORSHIP', 'PARTNERSHIP', 'NON_PROFIT'] as const;

export interface City {
  city: string;
  region: string;
  country: string;
  lat: number;
  lon: number;
}

export const US_CITIES: readonly City[] = [
  { city: 'New York', region: 'NY', country: 'US', lat: 40.7128, lon: -74.006 },
  { city: 'Brooklyn', region: 'NY', country: 'US', lat: 40.6782, lon: -73.9442 },
  { city: 'Newark', region: 'NJ', country: 'US', lat: 40.7357, lon: -74.1724 },
  { city: 'Boston', region: 'MA', country: 'US', lat: 42.3601, lon: -71.0589 },
  { city: 'Philadelphia', region: 'PA', country: 'US', lat: 39.9526, lon: -75.1652 },
  { city: 'Miami', region: 'FL', country: 'US', lat: 25.7617, lon: -80.1918 },
  { city: 'Orlando', region: 'FL', country: 'US', lat: 28.5383, lon: -81.3792 },
  { city: 'Atlanta', region: 'GA', country: 'US', lat: 33.749, lon: -84.388 },
  { city: 'Chicago', region: 'IL', country: 'US', lat: 41.8781, lon: -87.6298 },
  { city: 'Houston', region: 'TX', country: 'US', lat: 29.7604, lon: -95.3698 },
  { city: 'Dallas', region: 'TX', country: 'US', lat: 32.7767, lon: -96.797 },
  { city: 'Austin', region: 'TX', country: 'US', lat: 30.2672, lon: -97.7431 },
  { city: 'Denver', region: 'CO', country: 'US', lat: 39.7392, lon: -104.9903 },
  { city: 'Phoenix', region: 'AZ', country: 'US', lat: 33.4484, lon: -112.074 },
  { city: 'Las Vegas', region: 'NV', country: 'US', lat: 36.1699, lon: -115.1398 },
  { city: 'Los Angeles', region: 'CA', country: 'US', lat: 34.0522, lon: -118.2437 },
  { city: 'San Diego', region: 'CA', country: 'US', lat: 32.7157, lon: -117.1611 },
  { city: 'San Francisco', region: 'CA', country: 'US', lat: 37.7749, lon: -122.4194 },
  { city: 'Seattle', region: 'WA', country: 'US', lat: 47.6062, lon: -122.3321 },
  { city: 'Portland', region: 'OR', country: 'US', lat: 45.5152, lon: -122.6784 },
];

export const CA_CITIES: readonly City[] = [
  { city: 'Toronto', region: 'ON', country: 'CA', lat: 43.6532, lon: -79.3832 },
  { city: 'Ottawa', region: 'ON', country: 'CA', lat: 45.4215, lon: -75.6972 },
  { city: 'Montreal', region: 'QC', country: 'CA', lat: 45.5019, lon: -73.5674 },
  { city: 'Vancouver', region: 'BC', country: 'CA', lat: 49.2827, lon: -123.1207 },
  { city: 'Calgary', region: 'AB', country: 'CA', lat: 51.0447, lon: -114.0719 },
  { city: 'Winnipeg', region: 'MB', country: 'CA', lat: 49.8951, lon: -97.1384 },
  { city: 'Halifax', region: 'NS', country: 'CA', lat: 44.6488, lon: -63.5752 },
];

export const STREETS = [
  'Main St', 'Oak Ave', 'Maple Dr', 'Cedar Ln', 'Elm St', 'Park Ave', 'Lakeview Rd', 'Hillcrest Blvd', 'River Rd',
  'Sunset Blvd', 'Washington St', 'Lincoln Ave', 'Church St', 'Mill Rd', 'Highland Ave', 'Forest Dr',
] as const;

export const OCCUPATIONS = [
  'Software engineer', 'Nurse', 'Teacher', 'Accountant', 'Electrician', 'Student', 'Retired', 'Sales associate',
  'Truck driver', 'Restaurant owner', 'Pharmacist', 'Graphic designer', 'Real estate agent', 'Mechanic', 'Self-employed',
] as const;

export const INDUSTRIES = [
  'Retail', 'Food service', 'Construction', 'Transportation', 'Professional services', 'Healthcare', 'Wholesale trade',
  'Real estate', 'Personal services', 'Money services business',
] as const;

export const MERCHANTS = [
  ['Corner Grocery', 'Grocery stores'],
  ['FreshMart', 'Grocery stores'],
  ['City Fuel', 'Service stations'],
  ['QuickStop Gas', 'Service stations'],
  ['Bean & Leaf Coffee', 'Restaurants'],
  ['Noodle House', 'Restaurants'],
  ['StreamBox', 'Digital goods'],
  ['GameVault', 'Digital goods'],
  ['Metro Transit', 'Transportation'],
  ['RideNow', 'Transportation'],
  ['HomePlus Hardware', 'Home improvement'],
  ['Pharma Plus', 'Drug stores'],
  ['SkyWays Airlines', 'Airlines'],
  ['Harborview Hotel', 'Lodging'],
  ['ElectroWorld', 'Electronics'],
  ['GiftCardHub', 'Gift cards'],
  ['CryptoSwap Exchange', 'Crypto exchanges'],
] as const;

export const EMPLOYERS = [
  'Acme Payroll Services', 'Globex Corporation', 'Initech', 'Umbrella Health', 'Stark Logistics', 'Wayne Retail',
  'Hooli Payroll', 'Soylent Foods', 'Vandelay Industries', 'Tyrell Systems',
] as const;

export const HIGH_RISK_COUNTRIES = ['IR', 'KP', 'MM', 'SY', 'YE'] as const;
export const OTHER_COUNTRIES = ['MX', 'GB', 'DE', 'IN', 'PH', 'CN', 'BR', 'NG', 'CO', 'AE', 'HK', 'PA'] as const;

export const FRAUD_CATEGORIES = [
  'Account Takeover', 'ACH Fraud', 'Card Scam', 'Chargeback', 'Check Fraud', 'Elder Abuse', 'Fraud Victim',
  'Friendly Fraud', 'Money Laundering', 'Money Mule', 'Promotion Abuse', 'Social Scam', 'Stolen Identity', 'Wire Fraud',
  'Deposit Fraud',
] as const;

export const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15',
  'VigilBankApp/5.12 (iOS 18.1)',
  'VigilBankApp/5.12 (Android 15)',
] as const;
