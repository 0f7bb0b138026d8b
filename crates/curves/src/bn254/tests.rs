//! BN254 against ark-bn254 (an independent implementation of the same curve and tower).

mod curve;
mod cyclotomic;
mod field;
mod pairing;
mod twist;
