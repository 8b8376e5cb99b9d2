"""Tests against loopback stand-ins for live model providers."""
