//! Placeholder: being implemented.
